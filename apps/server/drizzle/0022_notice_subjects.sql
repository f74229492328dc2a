ALTER TABLE "notifications" ADD COLUMN "material_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_material_id_class_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."class_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_material_idx" ON "notifications" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "notifications_session_idx" ON "notifications" USING btree ("session_id");