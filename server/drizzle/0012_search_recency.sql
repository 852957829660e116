-- Search (docs/decisions.md "Search"): an article's search_vector also holds its month and year
-- (`_m202611`, `_y2026`, UTC), so a search can ask the GIN index for its words among recent
-- articles only. Existing vectors get them here; a change of postdate without the vectors marks
-- them stale like a change of the text.
UPDATE "articles" SET "search_vector" = "search_vector" || array_to_tsvector(ARRAY[
  '_m' || to_char("postdate" AT TIME ZONE 'UTC', 'YYYYMM'),
  '_y' || to_char("postdate" AT TIME ZONE 'UTC', 'YYYY')
]) WHERE "search_vector" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "articles_search_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."title", NEW."outtitle", NEW."keyword", NEW."author", NEW."pcauthor", NEW."intro", NEW."content", NEW."wantsay", NEW."postdate")
       IS DISTINCT FROM (OLD."title", OLD."outtitle", OLD."keyword", OLD."author", OLD."pcauthor", OLD."intro", OLD."content", OLD."wantsay", OLD."postdate")
     AND NEW."search_vector" IS NOT DISTINCT FROM OLD."search_vector" THEN
    NEW."search_title" := NULL;
    NEW."search_head" := NULL;
    NEW."search_vector" := NULL;
  END IF;
  RETURN NEW;
END
$$;
