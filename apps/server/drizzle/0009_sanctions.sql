-- Sanctions (issue #24, src/sanctions): warnings, silences and suspensions of an account, kept as its
-- history. Announced like a change of the user row (0005_auth_changes), at commit, to every process: each
-- keeps the sanctions in force with its cached sessions (src/auth/sessionCache.ts) and ends or re-reads the
-- event streams of whoever a change touches (src/events/hub.ts).
CREATE TYPE "public"."sanction_kind" AS ENUM('warn', 'silence', 'suspend');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'warned';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'silenced';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'sanction_lifted';--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "sanction_kind" NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"starts_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"lifted_at" timestamp (3) with time zone,
	"lift_reason" text,
	"lifted_by_id" uuid,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	CONSTRAINT "sanctions_end" CHECK (("sanctions"."kind" = 'warn') = ("sanctions"."ends_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_lifted_by_id_users_id_fk" FOREIGN KEY ("lifted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_user_idx" ON "sanctions" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "sanctions_created_by_idx" ON "sanctions" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "sanctions_lifted_by_idx" ON "sanctions" USING btree ("lifted_by_id");--> statement-breakpoint
CREATE FUNCTION mentora_notify_sanction_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_auth', 'user:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sanctions_auth_change AFTER INSERT OR UPDATE OR DELETE ON sanctions
  FOR EACH ROW EXECUTE FUNCTION mentora_notify_sanction_change();
