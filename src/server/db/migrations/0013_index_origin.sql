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
