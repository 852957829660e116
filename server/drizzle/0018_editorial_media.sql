CREATE TABLE "editorial_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"access" varchar(8) NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"bytes" integer NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"cover_key" text,
	"cover_url" text,
	"thumb_key" text,
	"thumb_url" text,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editorial_media_kind_check" CHECK ("editorial_media"."kind" in ('image', 'video', 'audio')),
	CONSTRAINT "editorial_media_access_check" CHECK ("editorial_media"."access" in ('public', 'member')),
	CONSTRAINT "editorial_media_member_check" CHECK ("editorial_media"."access" = 'public' or ("editorial_media"."kind" <> 'image' and "editorial_media"."url" like '/api/media/%'))
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "editorial_media" ADD CONSTRAINT "editorial_media_uploaded_by_members_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editorial_media_kind_idx" ON "editorial_media" USING btree ("kind","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media'));