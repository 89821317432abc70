ALTER TABLE "uploads" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_user_role_used_idx" ON "uploads" USING btree ("user_id","role","last_used_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_last_used_idx" ON "uploads" USING btree ("last_used_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_role_valid" CHECK ("uploads"."role" in ('product', 'context'));--> statement-breakpoint
-- Uploads made before roles were recorded: a product if it has a cut-out or any generation used it as
-- its product, else a context if one used it as its context. Uploads were kept without limit until now:
-- each gets its last use (made or last generated from) compressed a hundredfold toward today, so the
-- order of recent uploads is kept and none expires within a year of this upgrade.
UPDATE "uploads" u SET "role" = 'product' WHERE EXISTS (SELECT 1 FROM "upload_cutouts" c WHERE c."upload_id" = u."id");--> statement-breakpoint
UPDATE "uploads" u SET "role" = CASE WHEN EXISTS (SELECT 1 FROM "background_generations" g WHERE g."user_id" = u."user_id" AND g."webhook_data"->>'imageProduit' = '/api/uploads/' || u."id" || '/file') THEN 'product' WHEN EXISTS (SELECT 1 FROM "background_generations" g WHERE g."user_id" = u."user_id" AND g."webhook_data"->>'imageContexte' = '/api/uploads/' || u."id" || '/file') THEN 'context' END WHERE u."role" IS NULL;--> statement-breakpoint
UPDATE "uploads" u SET "last_used_at" = now() - (now() - GREATEST(u."created_at", COALESCE((SELECT max(g."created_at") FROM "background_generations" g WHERE g."user_id" = u."user_id" AND (g."webhook_data"->>'imageProduit' = '/api/uploads/' || u."id" || '/file' OR g."webhook_data"->>'imageContexte' = '/api/uploads/' || u."id" || '/file')), u."created_at"))) / 100;
