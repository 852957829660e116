CREATE TABLE "release_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"app" varchar(64) NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_version" varchar(128),
	"to_version" varchar(128),
	"percent" integer,
	"removed" jsonb,
	"by" varchar(128) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "release_live" (
	"app" varchar(64) PRIMARY KEY NOT NULL,
	"version" varchar(128) NOT NULL,
	"canary_version" varchar(128),
	"canary_percent" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_previews" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"app" varchar(64) NOT NULL,
	"version" varchar(128) NOT NULL,
	"created_by" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "release_history_app_idx" ON "release_history" USING btree ("app","id");