ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_action_check";--> statement-breakpoint
ALTER TABLE "editorial_audit" DROP CONSTRAINT "editorial_audit_target_type_check";--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "adverts" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "adverts" ADD CONSTRAINT "adverts_dates_check" CHECK ("adverts"."start_at" is null or "adverts"."end_at" is null or "adverts"."end_at" >= "adverts"."start_at");--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_action_check" CHECK ("editorial_audit"."action" in ('submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder'));--> statement-breakpoint
ALTER TABLE "editorial_audit" ADD CONSTRAINT "editorial_audit_target_type_check" CHECK ("editorial_audit"."target_type" in ('article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch'));