CREATE TABLE "staff_requests" (
	"request_id" varchar(64) PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"target_type" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
CREATE INDEX "staff_requests_target_idx" ON "staff_requests" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export', 'member_extend', 'member_grant', 'member_end', 'end_sessions'));