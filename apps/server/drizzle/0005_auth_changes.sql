-- Every process keeps signed-in sessions in memory (src/auth/sessionCache.ts) and must hear of each
-- change to them, whoever makes it: a user row updated or deleted, a session ended. NOTIFY is sent at
-- commit; src/auth/authChanges.ts listens.
CREATE FUNCTION mentora_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_auth', CASE TG_TABLE_NAME WHEN 'users' THEN 'user:' ELSE 'session:' END || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION mentora_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION mentora_notify_auth_change();
