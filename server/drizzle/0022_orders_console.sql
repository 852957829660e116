CREATE TABLE "reconcile_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"checked" integer DEFAULT 0 NOT NULL,
	"fulfilled" integer DEFAULT 0 NOT NULL,
	"agreements_signed" integer DEFAULT 0 NOT NULL,
	"attempts_closed" integer DEFAULT 0 NOT NULL,
	"orders_closed" integer DEFAULT 0 NOT NULL,
	"qr_expired" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"fixed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refund_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reconcile_runs_started_idx" ON "reconcile_runs" USING btree ("started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order'));