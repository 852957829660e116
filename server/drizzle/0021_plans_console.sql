ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "service_plans" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_plans" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_plans" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text'));