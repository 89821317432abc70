ALTER TABLE "upload_cutouts" ADD COLUMN IF NOT EXISTS "pieces" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_cutouts" ADD COLUMN IF NOT EXISTS "crosses_frame" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Cut-outs stored before the count: one piece when a mask was found (none is recounted), none without.
UPDATE "upload_cutouts" SET "pieces" = 0 WHERE "mask_key" IS NULL;
