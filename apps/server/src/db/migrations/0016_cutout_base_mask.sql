ALTER TABLE "upload_cutouts" ADD COLUMN IF NOT EXISTS "base_mask_key" text;
