CREATE TABLE "about_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(32) NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"service_key" smallint,
	"sort" smallint DEFAULT 0 NOT NULL,
	"if_publish" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "about_pages_type_unique" UNIQUE("type")
);
--> statement-breakpoint
CREATE TABLE "video_plays" (
	"relation_type" smallint NOT NULL,
	"relation_id" integer NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_plays_relation_type_relation_id_pk" PRIMARY KEY("relation_type","relation_id")
);
--> statement-breakpoint
CREATE INDEX "video_plays_last_idx" ON "video_plays" USING btree ("last_played_at");