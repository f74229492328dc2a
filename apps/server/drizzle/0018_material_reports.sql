-- Materials can be reported (issue #35): a class material can be hidden pending review like any user
-- content (existing files stay visible: hidden defaults to false), and the queue takes 'material' entries.
-- The reporter standing rules of the same issue need no column: they read accounts, reports and outcomes.
ALTER TABLE "moderation_entries" DROP CONSTRAINT "moderation_entries_target_type";--> statement-breakpoint
ALTER TABLE "class_materials" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_entries" ADD CONSTRAINT "moderation_entries_target_type" CHECK ("moderation_entries"."target_type" in ('discussion', 'reply', 'post', 'postReply', 'review', 'user', 'material'));