ALTER TABLE "account_embeddings" ADD COLUMN "signature" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
CREATE INDEX "account_embeddings_signature_idx" ON "account_embeddings" USING gin ("signature") WITH (gin_pending_list_limit=128);
