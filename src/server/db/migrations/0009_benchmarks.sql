CREATE TABLE "installation_benchmarks" (
	"platform" text NOT NULL,
	"tier" text NOT NULL,
	"p25" double precision NOT NULL,
	"p50" double precision NOT NULL,
	"p75" double precision NOT NULL,
	"accounts" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "installation_benchmarks_platform_tier_pk" PRIMARY KEY("platform","tier")
);
--> statement-breakpoint
CREATE TABLE "benchmark_runs" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"accounts" integer NOT NULL,
	CONSTRAINT "benchmark_runs_single_row" CHECK ("benchmark_runs"."id" = 1)
);
