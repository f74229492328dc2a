-- Moderation (issue #24): reports and the review queue (moderation_entries, reports), and a `hidden`
-- flag on every kind of user text and on profiles. Existing rows stay visible (hidden defaults to
-- false) and the queue starts empty. The two notification kinds are only added here, never used in
-- this transaction (PostgreSQL forbids using an enum value in the transaction that adds it).
ALTER TYPE "public"."notification_kind" ADD VALUE 'report_resolved';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'content_moderated';--> statement-breakpoint
CREATE TABLE "moderation_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"auto_flag" text,
	"severe" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_action" text,
	"resolved_reason" text DEFAULT '' NOT NULL,
	"resolved_by_id" uuid,
	"resolved_by_name" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "moderation_entries_target_type" CHECK ("moderation_entries"."target_type" in ('discussion', 'reply', 'post', 'postReply', 'review', 'user')),
	CONSTRAINT "moderation_entries_status" CHECK ("moderation_entries"."status" in ('open', 'resolved')),
	CONSTRAINT "moderation_entries_resolution" CHECK (("moderation_entries"."status" = 'open' and "moderation_entries"."resolved_action" is null) or ("moderation_entries"."status" = 'resolved' and "moderation_entries"."resolved_action" in ('dismiss', 'hide', 'delete')))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('spam', 'abuse', 'offTopic', 'inappropriate', 'other')),
	CONSTRAINT "reports_note_length" CHECK (char_length("reports"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_entries" ADD CONSTRAINT "moderation_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_entries" ADD CONSTRAINT "moderation_entries_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_entry_id_moderation_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."moderation_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_entries_open_target_key" ON "moderation_entries" USING btree ("target_type","target_id") WHERE "moderation_entries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_entries_status_created_idx" ON "moderation_entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "moderation_entries_author_idx" ON "moderation_entries" USING btree ("author_id","status");--> statement-breakpoint
CREATE INDEX "moderation_entries_target_idx" ON "moderation_entries" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_entry_reporter_key" ON "reports" USING btree ("entry_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");