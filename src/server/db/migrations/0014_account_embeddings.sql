CREATE TABLE "account_embeddings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"is_sample" boolean NOT NULL,
	"model" text NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"weights" real[] DEFAULT '{}'::real[] NOT NULL,
	"formats" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_embeddings" ADD CONSTRAINT "account_embeddings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_embeddings_terms_idx" ON "account_embeddings" USING gin ("terms") WITH (gin_pending_list_limit=128);
