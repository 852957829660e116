-- The home page's data joins the content version: banners, module switches, adverts, hot reads,
-- weekly issues, lessons and conferences (what the hot reads and the newest issue show) raise it as
-- articles do, so each instance answers those calls from memory within one version and still sees
-- every change as soon as it is committed (modules/portal/service.ts). Only editors write these
-- tables. A lesson's search vector, written by the search on its own, does not change what readers see.
CREATE TRIGGER "banners_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "module_switches_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module_switches"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "adverts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "adverts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "hot_reads_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hot_reads"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "weekly_issues_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "weekly_issues"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "conferences_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "conferences"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "lessons_content_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "lessons"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "lessons_content_version_update" AFTER UPDATE ON "lessons" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'search_vector') IS DISTINCT FROM (to_jsonb(NEW) - 'search_vector'))
  EXECUTE FUNCTION "bump_content_version"();
