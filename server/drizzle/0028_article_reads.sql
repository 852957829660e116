-- Read counts in a narrow table of their own (docs/performance.md, "The traffic mix at 100 000
-- articles"). Views are written every second (contentService.flushReadCounts); on `articles` each
-- written count was a new version of a wide row: every index updated again (the whole-text GIN
-- index took the article's thousands of lexemes into its pending list, whose clean-up then held
-- the database for most of a second), and the content version's trigger compared the whole row,
-- body and vectors included, as jsonb, twice. At 100 000 articles 20 counts took 33 to 330 ms of
-- the one thread an embedded database has. Here a count is a row of two integers.
CREATE TABLE "article_reads" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_reads" ADD CONSTRAINT "article_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "article_reads" ("article_id", "read_count") SELECT "id", "read_count" FROM "articles" WHERE "read_count" > 0;
--> statement-breakpoint
-- The most-read order of a search walks the counts from the top (search/service.ts).
CREATE INDEX "article_reads_read_count_idx" ON "article_reads" USING btree ("read_count" DESC NULLS FIRST,"article_id" DESC NULLS FIRST);
--> statement-breakpoint
-- The content version's update trigger (0005, 0015) without the column it no longer has to leave out.
DROP TRIGGER "articles_content_version_update" ON "articles";
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_update" AFTER UPDATE ON "articles" FOR EACH ROW
  WHEN ((OLD."status" <> 0 OR NEW."status" <> 0)
    AND (to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP INDEX "articles_pub_read_count_idx";
--> statement-breakpoint
DROP INDEX "articles_pub_source_read_count_idx";
--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "read_count";
