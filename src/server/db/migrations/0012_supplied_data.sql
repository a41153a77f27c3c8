-- Trust III (issue #33): data a user supplied (a browser capture, a growth-history import by a
-- non-admin) belongs to that user, its supplier, and never changes the public record.
ALTER TABLE "growth_points" ADD COLUMN "supplied_by" uuid;
--> statement-breakpoint
ALTER TABLE "growth_points" ADD CONSTRAINT "growth_points_supplied_by_users_id_fk" FOREIGN KEY ("supplied_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "growth_points_imported_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "growth_points_imported_uq" ON "growth_points" USING btree ("account_id","at") WHERE "imported" = true AND "supplied_by" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "growth_points_supplied_uq" ON "growth_points" USING btree ("account_id","supplied_by","at") WHERE "imported" = true AND "supplied_by" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "supplied_reports" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "supplied_by" uuid NOT NULL,
  "platform" text NOT NULL,
  "username" text NOT NULL,
  "source" text NOT NULL,
  "snapshot" jsonb NOT NULL,
  "report" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplied_reports" ADD CONSTRAINT "supplied_reports_supplied_by_users_id_fk" FOREIGN KEY ("supplied_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "supplied_reports_owner_idx" ON "supplied_reports" USING btree ("supplied_by","platform","username","created_at");
