-- Every process keeps reads that many requests share in memory (src/db/readCache.ts) and must hear of
-- each change to the tables they come from, whoever makes it. Statement triggers: one notification per
-- table and statement, and PostgreSQL sends identical ones of a transaction once, at commit. Inserting
-- a user changes nothing already read; renaming or deleting one does (names and pictures show on cards).
-- src/db/changeListener.ts listens.
CREATE FUNCTION mentora_notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_data_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER classes_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON classes
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER enrollments_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enrollments
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER reviews_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER discussions_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discussions
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER discussion_replies_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discussion_replies
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER community_posts_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON community_posts
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER community_replies_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON community_replies
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
--> statement-breakpoint
CREATE TRIGGER post_likes_data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_likes
  FOR EACH STATEMENT EXECUTE FUNCTION mentora_notify_data_change();
