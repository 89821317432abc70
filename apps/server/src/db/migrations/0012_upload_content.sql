ALTER TABLE "uploads" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE INDEX "uploads_user_role_content_idx" ON "uploads" USING btree ("user_id","role","content_sha256");