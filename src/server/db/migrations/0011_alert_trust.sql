CREATE TABLE "alert_email_addresses" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"link_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_email_addresses_user_id_email_pk" PRIMARY KEY("user_id","email"),
	CONSTRAINT "alert_email_addresses_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "alert_delivery_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_delivery_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "alert_email_addresses" ADD CONSTRAINT "alert_email_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_delivery_counts" ADD CONSTRAINT "alert_delivery_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
