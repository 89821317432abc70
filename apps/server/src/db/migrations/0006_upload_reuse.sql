ALTER TABLE "uploads" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_user_role_used_idx" ON "uploads" USING btree ("user_id","role","last_used_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_last_used_idx" ON "uploads" USING btree ("last_used_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_role_valid" CHECK ("uploads"."role" in ('product', 'context'));--> statement-breakpoint
-- Uploads made before roles were recorded: a product if it has a cut-out or a generation used it as its
-- product, a context if a generation used it as its context; last used when made or last generated from.
UPDATE "uploads" u SET "role" = 'product' WHERE EXISTS (SELECT 1 FROM "upload_cutouts" c WHERE c."upload_id" = u."id");--> statement-breakpoint
UPDATE "uploads" u SET "role" = CASE WHEN g."webhook_data"->>'imageProduit' = '/api/uploads/' || u."id" || '/file' THEN 'product' ELSE 'context' END FROM "background_generations" g WHERE u."role" IS NULL AND g."user_id" = u."user_id" AND (g."webhook_data"->>'imageProduit' = '/api/uploads/' || u."id" || '/file' OR g."webhook_data"->>'imageContexte' = '/api/uploads/' || u."id" || '/file');--> statement-breakpoint
UPDATE "uploads" u SET "last_used_at" = GREATEST(u."created_at", COALESCE((SELECT max(g."created_at") FROM "background_generations" g WHERE g."user_id" = u."user_id" AND (g."webhook_data"->>'imageProduit' = '/api/uploads/' || u."id" || '/file' OR g."webhook_data"->>'imageContexte' = '/api/uploads/' || u."id" || '/file')), u."created_at"));
