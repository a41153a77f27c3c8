CREATE TABLE "growth_candidates" (
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"times_named" integer DEFAULT 0 NOT NULL,
	"last_named_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "growth_candidates_platform_username_pk" PRIMARY KEY("platform","username"),
	CONSTRAINT "growth_candidates_state_check" CHECK ("growth_candidates"."state" in ('queued', 'read', 'known', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "growth_candidates_next_idx" ON "growth_candidates" USING btree ("times_named" DESC,"first_seen") WHERE "growth_candidates"."state" = 'queued';
--> statement-breakpoint
CREATE TABLE "growth_candidate_namers" (
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"account_id" bigint NOT NULL,
	CONSTRAINT "growth_candidate_namers_platform_username_account_id_pk" PRIMARY KEY("platform","username","account_id")
);
--> statement-breakpoint
ALTER TABLE "growth_candidate_namers" ADD CONSTRAINT "growth_candidate_namers_platform_username_growth_candidates_platform_username_fk" FOREIGN KEY ("platform","username") REFERENCES "public"."growth_candidates"("platform","username") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "growth_candidate_namers" ADD CONSTRAINT "growth_candidate_namers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "account_identities" (
	"account_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"stated_in" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_identities_account_id_platform_username_pk" PRIMARY KEY("account_id","platform","username"),
	CONSTRAINT "account_identities_stated_in_check" CHECK ("account_identities"."stated_in" in ('youtube-about', 'bio', 'external-url', 'description'))
);
--> statement-breakpoint
ALTER TABLE "account_identities" ADD CONSTRAINT "account_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "crawl_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"seeds" jsonb NOT NULL,
	"depth" integer NOT NULL,
	"max_accounts" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"depth_reached" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"already_known" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crawl_jobs_state_check" CHECK ("crawl_jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "crawl_jobs_created_idx" ON "crawl_jobs" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD CONSTRAINT "crawl_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
