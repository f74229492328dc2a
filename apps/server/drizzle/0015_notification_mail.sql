-- Notifications by email (issue #29): each user's choice per kind (in the app, and by email off, at once
-- or in a daily digest; no row: the defaults), their digest's time zone and the end of the last digest,
-- and on each notification the seq its mail was last decided for. Notifications from before this
-- release are marked decided: an upgrade mails nobody about the past.
CREATE TABLE "mail_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text,
	"digest_through" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" in ('off', 'immediate', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_seq" bigint;--> statement-breakpoint
UPDATE "notifications" SET "mailed_seq" = "seq";--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("seq") WHERE "notifications"."mailed_seq" IS DISTINCT FROM "notifications"."seq";