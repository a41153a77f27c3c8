-- The (country bits, located bits) patterns present per platform and follower range (decision 047):
-- what an estimated discovery search bounds its unread rows' market coverage with. Kept by statement
-- triggers that insert only patterns not yet present. No unique index on purpose: a unique index
-- would make two writers adding the same new pattern wait on each other (and could deadlock them);
-- without one, a rare race leaves a duplicate row, which readers ignore (they read distinct values).
-- Rows are never removed by writers: a pattern no row has any more only loosens the bound.
CREATE TABLE "account_market_patterns" (
	"platform" text NOT NULL,
	"follower_bucket" smallint NOT NULL,
	"country_bits" bigint NOT NULL,
	"located_bits" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "account_market_patterns_idx" ON "account_market_patterns" USING btree ("platform","follower_bucket","country_bits","located_bits");--> statement-breakpoint
INSERT INTO "account_market_patterns" ("platform", "follower_bucket", "country_bits", "located_bits")
	SELECT DISTINCT "platform", "follower_bucket", "country_bits", "located_bits" FROM "accounts";--> statement-breakpoint
CREATE FUNCTION "account_market_patterns_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "account_market_patterns" ("platform", "follower_bucket", "country_bits", "located_bits")
		SELECT DISTINCT n."platform", n."follower_bucket", n."country_bits", n."located_bits" FROM "changed_accounts" n
		WHERE NOT EXISTS (
			SELECT 1 FROM "account_market_patterns" p
			WHERE p."platform" = n."platform" AND p."follower_bucket" = n."follower_bucket"
				AND p."country_bits" = n."country_bits" AND p."located_bits" = n."located_bits"
		);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "accounts_market_patterns_insert" AFTER INSERT ON "accounts"
	REFERENCING NEW TABLE AS "changed_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "account_market_patterns_note"();--> statement-breakpoint
CREATE TRIGGER "accounts_market_patterns_update" AFTER UPDATE ON "accounts"
	REFERENCING NEW TABLE AS "changed_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "account_market_patterns_note"();
