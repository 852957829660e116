CREATE TABLE "pay_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"service_plan_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"channel" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"external_agreement_no" varchar(40) NOT NULL,
	"agreement_no" varchar(64),
	"status" smallint DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_error" varchar(256),
	"grace_until" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_agreements_status_check" CHECK ("pay_agreements"."status" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"channel" varchar(16) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"method" varchar(16) NOT NULL,
	"out_trade_no" varchar(40) NOT NULL,
	"amount_fen" integer NOT NULL,
	"openid" varchar(128),
	"payload" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"trade_no" varchar(64),
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"out_trade_no" varchar(64),
	"outcome" varchar(32) NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qrcode_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"service_plan_id" integer NOT NULL,
	"result_data" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"ordersn" varchar(40),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_agreements" (
	"agreement_no" varchar(64) PRIMARY KEY NOT NULL,
	"external_agreement_no" varchar(40) NOT NULL,
	"state" varchar(16) DEFAULT 'NORMAL' NOT NULL,
	"fail_charges" smallint DEFAULT 0 NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"out_trade_no" varchar(40) PRIMARY KEY NOT NULL,
	"channel" varchar(16) NOT NULL,
	"method" varchar(16) NOT NULL,
	"description" varchar(128) NOT NULL,
	"amount_fen" integer NOT NULL,
	"state" varchar(16) DEFAULT 'NOTPAY' NOT NULL,
	"trade_no" varchar(64),
	"external_agreement_no" varchar(40),
	"agreement_period_months" smallint,
	"notify_url" text NOT NULL,
	"return_url" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribe_texts" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "kind" varchar(16) DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "pay_provider" varchar(16);--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "kind" varchar(16) DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "agreement_id" integer;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "trade_no" varchar(64);--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "paid_out_trade_no" varchar(40);--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "refund_no" varchar(64);--> statement-breakpoint
ALTER TABLE "pay_agreements" ADD CONSTRAINT "pay_agreements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_agreements" ADD CONSTRAINT "pay_agreements_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_infos" ADD CONSTRAINT "qrcode_infos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_infos" ADD CONSTRAINT "qrcode_infos_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_agreements_external_key" ON "pay_agreements" USING btree ("external_agreement_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_agreements_active_key" ON "pay_agreements" USING btree ("member_id") WHERE "pay_agreements"."status" = 1;--> statement-breakpoint
CREATE INDEX "pay_agreements_due_idx" ON "pay_agreements" USING btree ("next_charge_at") WHERE "pay_agreements"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_out_trade_no_key" ON "payment_attempts" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_open_key" ON "payment_attempts" USING btree ("order_id","provider","method") WHERE "payment_attempts"."status" = 0;--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" = 0;--> statement-breakpoint
CREATE INDEX "payment_events_trade_idx" ON "payment_events" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "qrcode_infos_member_idx" ON "qrcode_infos" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qrcode_infos_token_key" ON "qrcode_infos" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "memberships_order_idx" ON "memberships" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_open_key" ON "service_orders" USING btree ("member_id","service_plan_id") WHERE "service_orders"."status" = 0 and "service_orders"."kind" = 'purchase';--> statement-breakpoint
CREATE INDEX "service_orders_open_idx" ON "service_orders" USING btree ("created_at") WHERE "service_orders"."status" = 0;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_status_check" CHECK ("service_orders"."status" between 0 and 3);--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_price_check" CHECK ("service_orders"."price_fen" > 0);