-- The background job queue (jobs/queue.ts), and its first use: session reminders (issue #25), told in the
-- bell as notifications of a new kind (only added here, never used in this transaction: PostgreSQL forbids
-- using an enum value in the transaction that adds it). Sessions scheduled before this release get their
-- reminder job here, at the default SESSION_REMINDER_MINUTES (15); a change of the session moves it.
-- Also each user's private calendar feed token (GET /api/calendar/{token}.ics), made on first ask.
ALTER TYPE "public"."notification_kind" ADD VALUE 'session_reminder';--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" IS NULL;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "key", "run_at")
SELECT 'session-reminder', jsonb_build_object('sessionId', "id"), 'session-reminder:' || "id", "starts_at" - interval '15 minutes'
FROM "class_sessions" WHERE "cancelled_at" IS NULL AND "starts_at" > now();--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_key" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;