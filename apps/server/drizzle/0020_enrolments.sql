-- The code says enrolment (British spelling, as the product does); the table now says it too. A rename
-- keeps every row, and the foreign keys, the triggers and the statistics go with the table. Only the
-- names PostgreSQL derived from the old one are renamed here. The data-change trigger (0006) announces
-- the table by TG_TABLE_NAME, so from now on its notices say 'enrolments' (src/db/readCache.ts).
ALTER TABLE "enrollments" RENAME TO "enrolments";--> statement-breakpoint
-- Every constraint named after the table: the key, the foreign keys and, on PostgreSQL 17 and later
-- (PGlite is one), the NOT NULL constraints it names by itself.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'enrolments'::regclass AND conname LIKE 'enrollments\_%' LOOP
    EXECUTE format('ALTER TABLE enrolments RENAME CONSTRAINT %I TO %I', c.conname, 'enrolments' || substr(c.conname, 12));
  END LOOP;
END
$$;--> statement-breakpoint
ALTER INDEX "enrollments_user_created_idx" RENAME TO "enrolments_user_created_idx";--> statement-breakpoint
ALTER TRIGGER "enrollments_data_change" ON "enrolments" RENAME TO "enrolments_data_change";--> statement-breakpoint
ALTER TRIGGER "enrollments_access_change" ON "enrolments" RENAME TO "enrolments_access_change";
