DROP INDEX "articles_search_head_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_title" "tsvector";--> statement-breakpoint
CREATE INDEX "articles_search_title_idx" ON "articles" USING gin ("search_title") WHERE "articles"."status" = 1;--> statement-breakpoint
-- The title vector is new: every article is indexed again (search does it before it answers).
UPDATE "articles" SET "search_head" = NULL, "search_vector" = NULL WHERE "search_vector" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "articles_search_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."title", NEW."outtitle", NEW."keyword", NEW."author", NEW."pcauthor", NEW."intro", NEW."content", NEW."wantsay")
       IS DISTINCT FROM (OLD."title", OLD."outtitle", OLD."keyword", OLD."author", OLD."pcauthor", OLD."intro", OLD."content", OLD."wantsay")
     AND NEW."search_vector" IS NOT DISTINCT FROM OLD."search_vector" THEN
    NEW."search_title" := NULL;
    NEW."search_head" := NULL;
    NEW."search_vector" := NULL;
  END IF;
  RETURN NEW;
END
$$;
