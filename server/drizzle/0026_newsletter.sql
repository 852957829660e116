CREATE TABLE "newsletter_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "newsletter_deliveries_status_check" CHECK ("newsletter_deliveries"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"list" varchar(8) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"state" varchar(8) NOT NULL,
	"rate_per_second" integer NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_jobs_list_check" CHECK ("newsletter_jobs"."list" in ('nejm', 'jh', 'dsf')),
	CONSTRAINT "newsletter_jobs_state_check" CHECK ("newsletter_jobs"."state" in ('running', 'done')),
	CONSTRAINT "newsletter_jobs_rate_check" CHECK ("newsletter_jobs"."rate_per_second" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_job_id_newsletter_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."newsletter_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_jobs" ADD CONSTRAINT "newsletter_jobs_issue_id_weekly_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."weekly_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_jobs" ADD CONSTRAINT "newsletter_jobs_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_job_member_key" ON "newsletter_deliveries" USING btree ("job_id","member_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_job_status_idx" ON "newsletter_deliveries" USING btree ("job_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_jobs_issue_list_key" ON "newsletter_jobs" USING btree ("issue_id","list");--> statement-breakpoint
CREATE INDEX "newsletter_jobs_state_idx" ON "newsletter_jobs" USING btree ("state","id");--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export', 'member_extend', 'member_grant', 'member_end', 'end_sessions', 'test_send', 'send'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order', 'lesson', 'conference', 'newsletter'));