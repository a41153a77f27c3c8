-- Trust III (issue #33, item 8): who made a public (admin) browser capture, shown to admins only.
ALTER TABLE "reports" ADD COLUMN "captured_by" uuid;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_captured_by_users_id_fk" FOREIGN KEY ("captured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
