CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" varchar(12) NOT NULL,
	"target_id" integer NOT NULL,
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
	CONSTRAINT "content_revisions_target_type_check" CHECK ("content_revisions"."target_type" in ('lesson', 'conference')),
	CONSTRAINT "content_revisions_kind_check" CHECK ("content_revisions"."kind" in ('create', 'save', 'restore', 'conflict')),
	CONSTRAINT "content_revisions_applied_check" CHECK ("content_revisions"."applied" = ("content_revisions"."revision" is not null))
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "editorial_state" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "conferences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "editorial_state" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Lessons written before the console with status 0 were drafts.
UPDATE "lessons" SET "editorial_state" = 'draft' WHERE "status" = 0;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_target_idx" ON "content_revisions" USING btree ("target_type","target_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_target_revision_key" ON "content_revisions" USING btree ("target_type","target_id","revision") WHERE "content_revisions"."revision" is not null;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conferences_due_idx" ON "conferences" USING btree ("publish_at") WHERE "conferences"."editorial_state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "lessons_due_idx" ON "lessons" USING btree ("publish_at") WHERE "lessons"."editorial_state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_editorial_state_check" CHECK ("conferences"."editorial_state" in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_scheduled_time_check" CHECK ("conferences"."editorial_state" <> 'scheduled' or "conferences"."publish_at" is not null);--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_editorial_state_check" CHECK ("lessons"."editorial_state" in ('draft', 'in_review', 'scheduled', 'published', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_reachable_published_check" CHECK ("lessons"."status" = 0 or "lessons"."editorial_state" = 'published');--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_scheduled_time_check" CHECK ("lessons"."editorial_state" <> 'scheduled' or "lessons"."publish_at" is not null);--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order', 'lesson', 'conference'));