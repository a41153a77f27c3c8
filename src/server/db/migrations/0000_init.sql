CREATE TABLE "account_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"followers" bigint NOT NULL,
	"following" bigint,
	"posts_count" bigint,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"category" text,
	"avatar_url" text,
	"external_url" text,
	"followers" bigint DEFAULT 0 NOT NULL,
	"following" bigint,
	"posts_count" bigint,
	"industry" text DEFAULT 'General' NOT NULL,
	"engagement_rate" real,
	"grade" text,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_analyzed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"type" text NOT NULL,
	"caption" text,
	"posted_at" timestamp with time zone NOT NULL,
	"likes" bigint,
	"comments" bigint,
	"views" bigint,
	"shares" bigint,
	"duration_sec" integer
);
--> statement-breakpoint
CREATE TABLE "report_usage" (
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_usage_subject_day_pk" PRIMARY KEY("subject","day")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"engine_version" text NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"picture" text,
	"google_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_sub_unique" UNIQUE("google_sub")
);
--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_snapshots_account_fetched_idx" ON "account_snapshots" USING btree ("account_id","fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_platform_username_uq" ON "accounts" USING btree ("platform","username");--> statement-breakpoint
CREATE INDEX "accounts_platform_industry_followers_idx" ON "accounts" USING btree ("platform","industry","followers");--> statement-breakpoint
CREATE INDEX "accounts_last_analyzed_idx" ON "accounts" USING btree ("last_analyzed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "history_user_account_uq" ON "history" USING btree ("user_id","account_id");--> statement-breakpoint
CREATE INDEX "history_user_viewed_idx" ON "history" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_account_external_uq" ON "posts" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "posts_account_posted_idx" ON "posts" USING btree ("account_id","posted_at");--> statement-breakpoint
CREATE INDEX "reports_account_created_idx" ON "reports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");