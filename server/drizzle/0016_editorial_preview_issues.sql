CREATE TABLE "article_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"audience" varchar(8) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "article_previews_audience_check" CHECK ("article_previews"."audience" in ('visitor', 'reader', 'member'))
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "state" varchar(12) DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "article_order" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "article_previews" ADD CONSTRAINT "article_previews_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_previews" ADD CONSTRAINT "article_previews_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_previews_token_key" ON "article_previews" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "article_previews_article_idx" ON "article_previews" USING btree ("article_id","id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD CONSTRAINT "weekly_issues_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_issues" ADD CONSTRAINT "weekly_issues_state_check" CHECK ("weekly_issues"."state" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue'));