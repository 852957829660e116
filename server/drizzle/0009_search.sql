ALTER TABLE "articles" ADD COLUMN "search_head" "tsvector";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "articles_search_head_idx" ON "articles" USING gin ("search_head") WHERE "articles"."status" = 1;--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("search_vector") WHERE "articles"."status" = 1;--> statement-breakpoint
CREATE INDEX "articles_search_stale_idx" ON "articles" USING btree ("id") WHERE "articles"."search_vector" is null;--> statement-breakpoint
CREATE INDEX "lessons_search_vector_idx" ON "lessons" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "lessons_search_stale_idx" ON "lessons" USING btree ("id") WHERE "lessons"."search_vector" is null;
--> statement-breakpoint
-- Search (docs/decisions.md "Search"): the application segments the text and writes the vectors.
-- A write that changes an article's or lesson's searchable text without writing its vectors marks
-- them stale (NULL); the search module indexes stale rows before it answers.
CREATE OR REPLACE FUNCTION "articles_search_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."title", NEW."outtitle", NEW."keyword", NEW."author", NEW."pcauthor", NEW."intro", NEW."content", NEW."wantsay")
       IS DISTINCT FROM (OLD."title", OLD."outtitle", OLD."keyword", OLD."author", OLD."pcauthor", OLD."intro", OLD."content", OLD."wantsay")
     AND NEW."search_vector" IS NOT DISTINCT FROM OLD."search_vector" THEN
    NEW."search_head" := NULL;
    NEW."search_vector" := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articles_search_stale" BEFORE UPDATE ON "articles" FOR EACH ROW EXECUTE FUNCTION "articles_search_stale"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lessons_search_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."title", NEW."subhead", NEW."content") IS DISTINCT FROM (OLD."title", OLD."subhead", OLD."content")
     AND NEW."search_vector" IS NOT DISTINCT FROM OLD."search_vector" THEN
    NEW."search_vector" := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lessons_search_stale" BEFORE UPDATE ON "lessons" FOR EACH ROW EXECUTE FUNCTION "lessons_search_stale"();
