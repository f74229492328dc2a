-- Scheduled sessions (issue #25): a class's mentor schedules sessions; enrolled learners are told when one
-- is scheduled, moved or cancelled, as notifications of three new kinds. The values are only added here,
-- never used in this transaction (PostgreSQL forbids using an enum value in the transaction that adds it).
-- A cancelled session keeps its row (cancelled_at); sequence counts changes for iCalendar's SEQUENCE.
ALTER TYPE "public"."notification_kind" ADD VALUE 'session_scheduled';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'session_moved';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'session_cancelled';--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_duration_range" CHECK ("class_sessions"."duration_minutes" BETWEEN 15 AND 480)
);
--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_sessions_class_starts_idx" ON "class_sessions" USING btree ("class_id","starts_at");