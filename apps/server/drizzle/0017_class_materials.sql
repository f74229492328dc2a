-- Files (issue #26): class materials, files a class's mentor uploads, each row naming its file in the
-- store (storage/store.ts), and the notification enrolled learners get of a new one; and uploaded
-- profile pictures, whose files go when they are replaced or their account is deleted.
ALTER TYPE "public"."notification_kind" ADD VALUE 'material_added';--> statement-breakpoint
CREATE TABLE "class_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_materials_storage_key_key" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "class_materials" ADD CONSTRAINT "class_materials_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_materials_class_created_idx" ON "class_materials" USING btree ("class_id","created_at");;--> statement-breakpoint
-- A material's file goes with its row, however the row goes: deleted by its mentor, with its class, or
-- with the mentor's account (cascades). The store is outside the database, so the deletion is a job
-- (jobs/handlers.ts, kind file-delete), written in the same transaction: it happens only if the delete
-- commits, and is retried if the store is down.
CREATE FUNCTION class_materials_delete_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (kind, payload) VALUES ('file-delete', jsonb_build_object('key', OLD.storage_key));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER class_materials_file_delete AFTER DELETE ON class_materials
  FOR EACH ROW EXECUTE FUNCTION class_materials_delete_file();
--> statement-breakpoint
-- An uploaded profile picture's path is /api/avatars/<id>, its file avatars/<id>: replaced, removed or
-- with its account, the file goes (users/avatars.ts).
CREATE FUNCTION users_delete_avatar_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.profile_picture LIKE '/api/avatars/%'
    AND (TG_OP = 'DELETE' OR NEW.profile_picture IS DISTINCT FROM OLD.profile_picture) THEN
    INSERT INTO jobs (kind, payload)
    VALUES ('file-delete', jsonb_build_object('key', 'avatars/' || substr(OLD.profile_picture, 14)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_avatar_file_delete AFTER UPDATE OF profile_picture OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_delete_avatar_file();
