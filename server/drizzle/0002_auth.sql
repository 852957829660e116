CREATE TABLE "captchas" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"code" varchar(16),
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "sso_tickets_used" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(254) NOT NULL,
	"purpose" smallint NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verification_codes_channel_check" CHECK ("verification_codes"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "verify_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"target" varchar(254) NOT NULL,
	"purpose" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_authorizations" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"app" varchar(8) NOT NULL,
	"wechat_id" varchar(64) NOT NULL,
	"openid" varchar(64) NOT NULL,
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_tickets_used" ADD CONSTRAINT "sso_tickets_used_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sso_tickets_used_expires_idx" ON "sso_tickets_used" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("target","purpose","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "verify_tokens_token_hash_key" ON "verify_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "verify_tokens_expires_idx" ON "verify_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wechat_authorizations_expires_idx" ON "wechat_authorizations" USING btree ("expires_at");