-- The content version (docs/decisions.md "Article list performance"): list pages and totals are
-- cached per version, and these triggers raise it in the same transaction as any change that an
-- article list can show. An article's read_count (and updated_at alone) does not count: it moves
-- at every view and only the "most read" order depends on it.
INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "content_version" ("id", "version") VALUES (1, 1)
  ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "articles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_update" AFTER UPDATE ON "articles" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'read_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'read_count' - 'updated_at'))
  EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "article_sources_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_sources"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "article_filters_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_filters"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "article_types_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "article_classes_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_classes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
