CREATE TABLE "glossary_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" varchar(64) NOT NULL,
	"english" varchar(128) DEFAULT '' NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"definition" text NOT NULL,
	"class_id" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "glossary_terms_term_check" CHECK (length(btrim("glossary_terms"."term")) > 0)
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_term_key" ON "glossary_terms" USING btree ("term");--> statement-breakpoint
CREATE INDEX "glossary_terms_class_idx" ON "glossary_terms" USING btree ("class_id","id");--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary'));--> statement-breakpoint
-- A glossary change raises the content version (migration 0005): search expands queries with the
-- glossary and its replies are cached per version, and readers' copies follow the same version.
CREATE TRIGGER "glossary_terms_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "glossary_terms"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
