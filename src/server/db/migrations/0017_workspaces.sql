-- Teams (issue #37, docs/decisions/038-teams-workspaces.md): workspaces, their members, invites and
-- audit log. Lists, watchlists, alert rules, API keys and user-supplied data (captures, growth
-- imports) belong to a workspace; every existing user gets a personal workspace holding all of it.
CREATE TABLE "workspaces" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "workspaces_kind_check" CHECK ("workspaces"."kind" in ('personal', 'team'))
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_uq" ON "workspaces" USING btree ("created_by") WHERE "kind" = 'personal';
--> statement-breakpoint
CREATE TABLE "workspace_members" (
  "workspace_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "role" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
  CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'editor', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "workspace_invites" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "workspace_id" uuid NOT NULL,
  "email" text NOT NULL,
  "role" text NOT NULL,
  "token_hash" text NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "accepted_by" uuid,
  CONSTRAINT "workspace_invites_token_hash_unique" UNIQUE("token_hash"),
  CONSTRAINT "workspace_invites_role_check" CHECK ("workspace_invites"."role" in ('owner', 'editor', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_invites_workspace_idx" ON "workspace_invites" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "workspace_invites_email_idx" ON "workspace_invites" USING btree ("email");
--> statement-breakpoint
CREATE TABLE "workspace_audit" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "workspace_id" uuid NOT NULL,
  "actor_user_id" uuid,
  "action" text NOT NULL,
  "target" text NOT NULL DEFAULT '',
  "details" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_audit" ADD CONSTRAINT "workspace_audit_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_audit" ADD CONSTRAINT "workspace_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_audit_workspace_created_idx" ON "workspace_audit" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "workspace_audit_created_idx" ON "workspace_audit" USING btree ("created_at");
--> statement-breakpoint
-- One personal workspace per existing user, owned by them.
INSERT INTO "workspaces" ("name", "kind", "created_by", "created_at")
  SELECT 'Personal', 'personal', "id", "created_at" FROM "users";
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "created_by", 'owner', "created_at" FROM "workspaces" WHERE "kind" = 'personal';
--> statement-breakpoint
-- Lists (their items and share links go with them).
ALTER TABLE "creator_lists" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "creator_lists" l SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."kind" = 'personal' AND w."created_by" = l."user_id";
--> statement-breakpoint
ALTER TABLE "creator_lists" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "creator_lists" ADD CONSTRAINT "creator_lists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "creator_lists_workspace_idx" ON "creator_lists" USING btree ("workspace_id","updated_at");
--> statement-breakpoint
-- Watchlists and their alert rules (a rule keeps who made it: its e-mail and delivery cap are theirs).
ALTER TABLE "watchlists" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "watchlists" l SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."kind" = 'personal' AND w."created_by" = l."user_id";
--> statement-breakpoint
ALTER TABLE "watchlists" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "watchlists_workspace_idx" ON "watchlists" USING btree ("workspace_id","created_at");
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "created_by" uuid;
--> statement-breakpoint
UPDATE "alert_rules" r SET "workspace_id" = w."workspace_id", "created_by" = w."user_id" FROM "watchlists" w WHERE w."id" = r."watchlist_id";
--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "created_by" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- API keys: a key acts in its workspace only.
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "api_keys" k SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."kind" = 'personal' AND w."created_by" = k."user_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id");
--> statement-breakpoint
-- User-supplied data (Trust III): private to the supplying workspace; supplied_by keeps who.
ALTER TABLE "supplied_reports" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "supplied_reports" s SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."kind" = 'personal' AND w."created_by" = s."supplied_by";
--> statement-breakpoint
ALTER TABLE "supplied_reports" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "supplied_reports" ADD CONSTRAINT "supplied_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "supplied_reports_owner_idx";
--> statement-breakpoint
CREATE INDEX "supplied_reports_workspace_idx" ON "supplied_reports" USING btree ("workspace_id","platform","username","created_at");
--> statement-breakpoint
ALTER TABLE "growth_points" ADD COLUMN "supplied_workspace_id" uuid;
--> statement-breakpoint
UPDATE "growth_points" p SET "supplied_workspace_id" = w."id" FROM "workspaces" w WHERE p."supplied_by" IS NOT NULL AND w."kind" = 'personal' AND w."created_by" = p."supplied_by";
--> statement-breakpoint
ALTER TABLE "growth_points" ADD CONSTRAINT "growth_points_supplied_workspace_id_workspaces_id_fk" FOREIGN KEY ("supplied_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "growth_points_supplied_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "growth_points_supplied_uq" ON "growth_points" USING btree ("account_id","supplied_workspace_id","at") WHERE "imported" = true AND "supplied_workspace_id" IS NOT NULL;
