-- An open event stream (src/events/hub.ts) decides who gets a class's events from who is in it, and
-- remembers the answer for a while: it must hear when someone leaves a class, however they leave
-- (unenrolling, their class or account deleted: the foreign keys cascade). Announced on the channel of
-- the other access changes (0005_auth_changes), at commit, to every process.
CREATE FUNCTION mentora_notify_enrolment_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentora_auth', 'member:' || OLD.user_id::text || ':' || OLD.class_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enrollments_access_change AFTER DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION mentora_notify_enrolment_end();
--> statement-breakpoint
-- Losing the mentor role now clears a mentor's verification and their request for it (users/service.ts
-- changeRole). Those demoted before kept theirs: back as mentors, they would skip verification.
UPDATE users SET verified = false, verification_requested = false, verification_request_date = NULL
  WHERE role = 'learner' AND (verified OR verification_requested);
