CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_kind_check" CHECK ("favourites"."kind" in ('article', 'lesson', 'meeting'))
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(512)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"mobile" varchar(20),
	"email" varchar(254),
	"password_hash" text NOT NULL,
	"truename" varchar(64) DEFAULT '' NOT NULL,
	"identity" varchar(16) DEFAULT '' NOT NULL,
	"roleid" smallint DEFAULT 0 NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"province_id" integer,
	"city_id" integer,
	"district_id" integer,
	"city_id_path" varchar(64),
	"city_name_path" varchar(128),
	"hospital" varchar(128),
	"division" varchar(128),
	"joblevel" varchar(32),
	"jobname" varchar(32),
	"university" varchar(128),
	"majors" varchar(64),
	"entrance_year" smallint,
	"qualification" varchar(32),
	"other_company" varchar(128),
	"other_department" varchar(64),
	"other_jobname" varchar(64),
	"important" text,
	"if_receive_nejm" smallint DEFAULT 1 NOT NULL,
	"if_receive_jh" smallint DEFAULT 1 NOT NULL,
	"if_receive_dsf" smallint DEFAULT 1 NOT NULL,
	"wechat_union_id" varchar(64),
	"if_need_update" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_roleid_check" CHECK ("members"."roleid" in (0, 1, 5))
);
--> statement-breakpoint
CREATE TABLE "reading_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"pro_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"pro_name" varchar(32) NOT NULL,
	"city_name" varchar(32) NOT NULL,
	"area_name" varchar(32) NOT NULL,
	"sh_name" varchar(64) NOT NULL,
	"sh_phone" varchar(20) NOT NULL,
	"sh_address" varchar(256) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"ad_url" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '[]' NOT NULL,
	"advert_position" varchar(16) NOT NULL,
	"if_publish" smallint DEFAULT 1 NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_classes" (
	"id" integer PRIMARY KEY NOT NULL,
	"classname" varchar(32) NOT NULL,
	"code" smallint NOT NULL,
	"xcx_icon_se" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_filters" (
	"id" integer PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"filtername" varchar(32) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_sources" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"typename" varchar(32) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"filter_id" integer,
	"type_id" integer,
	"weekly_issue_id" integer,
	"class_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"permalinks" varchar(64) NOT NULL,
	"title" text NOT NULL,
	"outtitle" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"pcauthor" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"wantsay" text DEFAULT '' NOT NULL,
	"haswantsay" smallint DEFAULT 0 NOT NULL,
	"wantsay_title" text DEFAULT '' NOT NULL,
	"coi" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"aboutcontent" text DEFAULT '' NOT NULL,
	"appendix" text DEFAULT '' NOT NULL,
	"thank" text DEFAULT '' NOT NULL,
	"postdate" timestamp with time zone NOT NULL,
	"pubdate" date,
	"thumb" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"outlink" text DEFAULT '' NOT NULL,
	"relation_article_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"access_level" varchar(8) DEFAULT 'public' NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_access_level_check" CHECK ("articles"."access_level" in ('public', 'login', 'member')),
	CONSTRAINT "articles_haswantsay_check" CHECK ("articles"."haswantsay" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"content" text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"relation_type" smallint NOT NULL,
	"relation_id" integer NOT NULL,
	"permalinks" varchar(64),
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_switches" (
	"module_name" varchar(32) PRIMARY KEY NOT NULL,
	"switch_value" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(128) NOT NULL,
	"thedate" date NOT NULL,
	"catalog_permalinks" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "conferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subhead" text DEFAULT '' NOT NULL,
	"sponsor" varchar(128) DEFAULT '' NOT NULL,
	"img_pc" text DEFAULT '' NOT NULL,
	"class_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"media" text DEFAULT '[]' NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_res_id" integer NOT NULL,
	"parent_id" integer,
	"title" text NOT NULL,
	"subhead" text DEFAULT '' NOT NULL,
	"subject_ser_type" smallint NOT NULL,
	"subject_type" smallint DEFAULT 2 NOT NULL,
	"if_view_auth" smallint DEFAULT 2 NOT NULL,
	"member_only" smallint DEFAULT 0 NOT NULL,
	"class_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cover_pc" text DEFAULT '[]' NOT NULL,
	"cover_mobile" text DEFAULT '[]' NOT NULL,
	"media" text DEFAULT '[]' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"aboutcontent" text DEFAULT '' NOT NULL,
	"outside_chain" text DEFAULT '' NOT NULL,
	"publishdate" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_subject_ser_type_check" CHECK ("lessons"."subject_ser_type" between 1 and 5),
	CONSTRAINT "lessons_if_view_auth_check" CHECK ("lessons"."if_view_auth" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "equity_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"title" varchar(64) NOT NULL,
	"infos" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_read_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"month" varchar(6) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_service_type_check" CHECK ("memberships"."service_type" between 1 and 4),
	CONSTRAINT "memberships_period_check" CHECK ("memberships"."ends_at" > "memberships"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"ordersn" varchar(40) NOT NULL,
	"member_id" integer NOT NULL,
	"service_plan_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"service_title" varchar(64) NOT NULL,
	"price_fen" integer NOT NULL,
	"pay_channel" varchar(16),
	"status" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" varchar(64) NOT NULL,
	"price_fen" integer NOT NULL,
	"months" smallint NOT NULL,
	"pc_img" text DEFAULT '' NOT NULL,
	"mobile_img" text DEFAULT '' NOT NULL,
	"member_equity_id" varchar(128) DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "service_plans_type_check" CHECK ("service_plans"."type" between 1 and 4),
	CONSTRAINT "service_plans_price_check" CHECK ("service_plans"."price_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_records" ADD CONSTRAINT "reading_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_filters" ADD CONSTRAINT "article_filters_source_id_article_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."article_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_types" ADD CONSTRAINT "article_types_source_id_article_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."article_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_source_id_article_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."article_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_filter_id_article_filters_id_fk" FOREIGN KEY ("filter_id") REFERENCES "public"."article_filters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_type_id_article_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."article_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_weekly_issue_id_weekly_issues_id_fk" FOREIGN KEY ("weekly_issue_id") REFERENCES "public"."weekly_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_read_claims" ADD CONSTRAINT "free_read_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_plan_id_service_plans_id_fk" FOREIGN KEY ("service_plan_id") REFERENCES "public"."service_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_member_kind_item_key" ON "favourites" USING btree ("member_id","kind","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_sessions_token_hash_key" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_username_key" ON "members" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_key" ON "members" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_key" ON "members" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_wechat_union_id_key" ON "members" USING btree ("wechat_union_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_records_member_kind_item_key" ON "reading_records" USING btree ("member_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "reading_records_member_read_at_idx" ON "reading_records" USING btree ("member_id","read_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_addresses_member_key" ON "shipping_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "adverts_position_idx" ON "adverts" USING btree ("advert_position","if_publish");--> statement-breakpoint
CREATE UNIQUE INDEX "article_classes_code_key" ON "article_classes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "article_filters_source_idx" ON "article_filters" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_permalinks_key" ON "articles" USING btree ("permalinks");--> statement-breakpoint
CREATE INDEX "articles_source_postdate_idx" ON "articles" USING btree ("source_id","postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_postdate_idx" ON "articles" USING btree ("postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_filter_postdate_idx" ON "articles" USING btree ("filter_id","postdate" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_read_count_idx" ON "articles" USING btree ("read_count" DESC NULLS FIRST,"postdate" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_class_ids_idx" ON "articles" USING gin ("class_ids");--> statement-breakpoint
CREATE INDEX "articles_weekly_issue_idx" ON "articles" USING btree ("weekly_issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_code_key" ON "banners" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_issues_thedate_key" ON "weekly_issues" USING btree ("thedate");--> statement-breakpoint
CREATE INDEX "conferences_begin_idx" ON "conferences" USING btree ("begin_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_lesson_res_id_key" ON "lessons" USING btree ("lesson_res_id");--> statement-breakpoint
CREATE INDEX "lessons_list_idx" ON "lessons" USING btree ("status","subject_ser_type","publishdate" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lessons_parent_idx" ON "lessons" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "lessons_class_ids_idx" ON "lessons" USING gin ("class_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "free_read_claims_member_month_key" ON "free_read_claims" USING btree ("member_id","month");--> statement-breakpoint
CREATE INDEX "free_read_claims_member_item_idx" ON "free_read_claims" USING btree ("member_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "memberships_member_ends_idx" ON "memberships" USING btree ("member_id","ends_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_ordersn_key" ON "service_orders" USING btree ("ordersn");--> statement-breakpoint
CREATE INDEX "service_orders_member_idx" ON "service_orders" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_plans_type_key" ON "service_plans" USING btree ("type");