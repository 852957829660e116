CREATE TABLE "article_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"revision" integer,
	"base_revision" integer NOT NULL,
	"applied" boolean NOT NULL,
	"kind" varchar(12) NOT NULL,
	"restored_from" integer,
	"member_id" integer,
	"member_name" varchar(64) DEFAULT '' NOT NULL,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_revisions_kind_check" CHECK ("article_revisions"."kind" in ('create', 'save', 'restore', 'conflict')),
	CONSTRAINT "article_revisions_applied_check" CHECK ("article_revisions"."applied" = ("article_revisions"."revision" is not null))
);
--> statement-breakpoint
CREATE TABLE "editorial_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role')),
	CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member'))
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"role" varchar(12) NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" integer,
	CONSTRAINT "staff_roles_role_check" CHECK ("staff_roles"."role" in ('contributor', 'editor', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "editorial_state" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "link_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "en_authors" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "en_abstract" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "en_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "en_references" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_granted_by_members_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "article_revisions_article_revision_key" ON "article_revisions" USING btree ("article_id","revision") WHERE "article_revisions"."revision" is not null;--> statement-breakpoint
CREATE INDEX "editorial_audit_at_idx" ON "editorial_audit" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "editorial_audit_target_idx" ON "editorial_audit" USING btree ("target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "editorial_audit_actor_idx" ON "editorial_audit" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "editorial_audit_action_idx" ON "editorial_audit" USING btree ("action","id");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_updated_idx" ON "articles" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_editorial_state_idx" ON "articles" USING btree ("editorial_state","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_created_by_idx" ON "articles" USING btree ("created_by") WHERE "articles"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "articles_due_idx" ON "articles" USING btree ("publish_at") WHERE "articles"."editorial_state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_editorial_state_check" CHECK ("articles"."editorial_state" in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_reachable_published_check" CHECK ("articles"."status" = 0 or "articles"."editorial_state" = 'published');--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_scheduled_time_check" CHECK ("articles"."editorial_state" <> 'scheduled' or "articles"."publish_at" is not null);--> statement-breakpoint
-- The editorial console (docs/decisions.md "Editorial console"). Rows written before it are
-- published (the column's default), but for the unreachable ones (drafts) and the catalogues that
-- are published by link only (status 2), which keep that when withdrawn and published again.
UPDATE "articles" SET "editorial_state" = 'draft' WHERE "status" = 0;
--> statement-breakpoint
UPDATE "articles" SET "link_only" = true WHERE "status" = 2;
--> statement-breakpoint
-- The content version (migrations 0005, 0007) follows what readers can reach: writing a draft that
-- was and stays unreachable (status 0) no longer raises it, so an editor's saves do not empty every
-- instance's list caches. Publishing, withdrawing and any change of a reachable article still do.
DROP TRIGGER "articles_content_version_update" ON "articles";
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_update" AFTER UPDATE ON "articles" FOR EACH ROW
  WHEN ((OLD."status" <> 0 OR NEW."status" <> 0)
    AND (to_jsonb(OLD) - 'read_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'read_count' - 'updated_at'))
  EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
DROP TRIGGER "articles_content_version_write" ON "articles";
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_delete" AFTER DELETE OR TRUNCATE ON "articles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version_on_reachable_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "inserted_articles" WHERE "status" <> 0) THEN
    INSERT INTO "content_version" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1;
    PERFORM pg_notify('qy_content_version', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "articles_content_version_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS "inserted_articles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_on_reachable_insert"();
--> statement-breakpoint
-- The audit trail is append-only: no row is ever changed or removed, whoever asks.
CREATE OR REPLACE FUNCTION "editorial_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'editorial_audit is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "editorial_audit_append_only" BEFORE UPDATE OR DELETE ON "editorial_audit"
  FOR EACH ROW EXECUTE FUNCTION "editorial_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "editorial_audit_no_truncate" BEFORE TRUNCATE ON "editorial_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "editorial_audit_append_only"();
