CREATE TABLE "sample_accounts" (
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"sample_index" integer NOT NULL,
	"seed" integer NOT NULL,
	CONSTRAINT "sample_accounts_platform_username_pk" PRIMARY KEY("platform","username")
);
