ALTER TABLE "accounts" ADD COLUMN "origin" text DEFAULT 'import' NOT NULL;
--> statement-breakpoint
UPDATE "accounts" SET "origin" = 'sample' WHERE "is_sample";
--> statement-breakpoint
UPDATE "accounts" AS a SET "origin" = 'report' WHERE NOT a."is_sample" AND EXISTS (SELECT 1 FROM "reports" r WHERE r."account_id" = a."id");
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "origin" SET DEFAULT 'report';
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_origin_check" CHECK ("accounts"."origin" in ('sample', 'import', 'capture', 'report', 'search', 'growth'));
--> statement-breakpoint
CREATE INDEX "accounts_sample_platform_idx" ON "accounts" USING btree ("platform","id") WHERE "accounts"."is_sample" = true;
--> statement-breakpoint
CREATE INDEX "accounts_real_platform_idx" ON "accounts" USING btree ("platform") WHERE "accounts"."is_sample" = false and "accounts"."is_private" = false;
--> statement-breakpoint
CREATE TABLE "discovery_expand_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"already_known" integer DEFAULT 0 NOT NULL,
	"spent" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovery_expand_jobs_state_check" CHECK ("discovery_expand_jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "discovery_expand_jobs_created_idx" ON "discovery_expand_jobs" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "discovery_expand_jobs" ADD CONSTRAINT "discovery_expand_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
