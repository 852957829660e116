CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "articles_source_postdate_idx";--> statement-breakpoint
DROP INDEX "articles_postdate_idx";--> statement-breakpoint
DROP INDEX "articles_filter_postdate_idx";--> statement-breakpoint
DROP INDEX "articles_read_count_idx";--> statement-breakpoint
CREATE INDEX "articles_pub_postdate_idx" ON "articles" USING btree ("postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST,"source_id","filter_id","type_id","haswantsay","class_ids") WHERE "articles"."status" = 1;--> statement-breakpoint
CREATE INDEX "articles_pub_source_postdate_idx" ON "articles" USING btree ("source_id","postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST,"filter_id","type_id","haswantsay","class_ids") WHERE "articles"."status" = 1;--> statement-breakpoint
CREATE INDEX "articles_pub_read_count_idx" ON "articles" USING btree ("read_count" DESC NULLS FIRST,"postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST,"source_id","filter_id","type_id","haswantsay","class_ids") WHERE "articles"."status" = 1;--> statement-breakpoint
CREATE INDEX "articles_pub_source_read_count_idx" ON "articles" USING btree ("source_id","read_count" DESC NULLS FIRST,"postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST,"filter_id","type_id","haswantsay","class_ids") WHERE "articles"."status" = 1;