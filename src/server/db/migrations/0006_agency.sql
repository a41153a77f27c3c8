CREATE TABLE "creator_list_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"username" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'prospect' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_list_items_status" CHECK ("creator_list_items"."status" in ('prospect', 'contacted', 'negotiating', 'booked', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "creator_list_shares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"include_notes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "creator_list_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "creator_lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "accounts_finder_platform_idx";--> statement-breakpoint
ALTER TABLE "creator_list_items" ADD CONSTRAINT "creator_list_items_list_id_creator_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."creator_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_list_shares" ADD CONSTRAINT "creator_list_shares_list_id_creator_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."creator_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_lists" ADD CONSTRAINT "creator_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_list_items_list_account_uq" ON "creator_list_items" USING btree ("list_id","platform","username");--> statement-breakpoint
CREATE INDEX "creator_list_shares_list_idx" ON "creator_list_shares" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "creator_lists_user_idx" ON "creator_lists" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "accounts_finder_platform_idx" ON "accounts" USING btree ("platform","engagement_quality","followers","industry","country_bits","id") WHERE "is_private" = false;