CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"watchlist_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"threshold" double precision,
	"channel_type" text NOT NULL,
	"channel_target" text NOT NULL,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"rule_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"baseline" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_states_rule_id_account_id_pk" PRIMARY KEY("rule_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "growth_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"followers" bigint NOT NULL,
	"following" bigint,
	"posts_count" bigint,
	"engagement_rate" real,
	"median_views" double precision,
	"median_interactions" double precision,
	"grade" text,
	"sponsored_post_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"alerts_checked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "watchlist_accounts" (
	"watchlist_id" uuid NOT NULL,
	"account_id" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_accounts_watchlist_id_account_id_pk" PRIMARY KEY("watchlist_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cadence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_points" ADD CONSTRAINT "growth_points_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_accounts" ADD CONSTRAINT "watchlist_accounts_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_accounts" ADD CONSTRAINT "watchlist_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE "status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_deliveries_rule_idx" ON "alert_deliveries" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_rules_watchlist_idx" ON "alert_rules" USING btree ("watchlist_id");--> statement-breakpoint
CREATE INDEX "growth_points_account_at_idx" ON "growth_points" USING btree ("account_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "growth_points_imported_uq" ON "growth_points" USING btree ("account_id","at") WHERE "imported" = true;--> statement-breakpoint
CREATE INDEX "growth_points_unchecked_idx" ON "growth_points" USING btree ("id") WHERE "alerts_checked" = false;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_accounts_account_idx" ON "watchlist_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "watchlists_user_idx" ON "watchlists" USING btree ("user_id","created_at");--> statement-breakpoint
-- Every fetch kept so far becomes a growth point, with the figures of the report made from it (the
-- first report at or after the fetch). Already evaluated: no alert fires for the past.
INSERT INTO "growth_points" ("account_id", "at", "source", "followers", "following", "posts_count", "engagement_rate", "median_views", "median_interactions", "grade", "sponsored_post_ids", "alerts_checked")
SELECT s."account_id", s."fetched_at", s."source", s."followers", s."following", s."posts_count",
  CASE WHEN jsonb_typeof(r."report"->'metrics'->'engagement'->'ratePct') = 'number' THEN (r."report"->'metrics'->'engagement'->>'ratePct')::real END,
  CASE WHEN jsonb_typeof(r."report"->'metrics'->'engagement'->'medianViews') = 'number' THEN (r."report"->'metrics'->'engagement'->>'medianViews')::float8 END,
  CASE WHEN jsonb_typeof(r."report"->'metrics'->'engagement'->'medianLikes') = 'number' OR jsonb_typeof(r."report"->'metrics'->'engagement'->'medianComments') = 'number'
    THEN coalesce(CASE WHEN jsonb_typeof(r."report"->'metrics'->'engagement'->'medianLikes') = 'number' THEN (r."report"->'metrics'->'engagement'->>'medianLikes')::float8 END, 0)
       + coalesce(CASE WHEN jsonb_typeof(r."report"->'metrics'->'engagement'->'medianComments') = 'number' THEN (r."report"->'metrics'->'engagement'->>'medianComments')::float8 END, 0) END,
  CASE WHEN jsonb_typeof(r."report"->'grade') = 'string' THEN r."report"->>'grade' END,
  CASE WHEN jsonb_typeof(r."report"->'metrics'->'advertiser'->'sponsoredPostIds') = 'array'
    THEN ARRAY(SELECT jsonb_array_elements_text(r."report"->'metrics'->'advertiser'->'sponsoredPostIds')) ELSE '{}'::text[] END,
  true
FROM "account_snapshots" s
LEFT JOIN LATERAL (
  SELECT "report" FROM "reports" WHERE "account_id" = s."account_id" AND "created_at" >= s."fetched_at" ORDER BY "created_at" LIMIT 1
) r ON true;
