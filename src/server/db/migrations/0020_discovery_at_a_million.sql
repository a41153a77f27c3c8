DROP INDEX IF EXISTS "accounts_discovery_any_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "accounts_discovery_industry_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "accounts_discovery_count_idx";--> statement-breakpoint
CREATE INDEX "accounts_discovery_any_idx" ON "accounts" USING btree ("platform","follower_bucket","discovery_base_match" DESC NULLS LAST,"engagement_rate" DESC NULLS LAST,"followers" DESC NULLS LAST,"id","industry","country_bits","located_bits","is_sample","follower_fit","engagement_quality") WHERE "is_private" = false;--> statement-breakpoint
CREATE INDEX "accounts_discovery_industry_idx" ON "accounts" USING btree ("platform","follower_bucket","industry","discovery_base_match" DESC NULLS LAST,"engagement_rate" DESC NULLS LAST,"followers" DESC NULLS LAST,"id","country_bits","located_bits","is_sample","follower_fit","engagement_quality") WHERE "is_private" = false;--> statement-breakpoint
CREATE INDEX "accounts_discovery_count_idx" ON "accounts" USING btree ("platform","follower_bucket","industry","country_bits","located_bits","discovery_base_match","is_sample") WHERE "is_private" = false;
