CREATE TABLE "brand_kits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"colours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_upload_id" uuid,
	"typography" text,
	"signature" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_kits_colours_count" CHECK (jsonb_array_length("brand_kits"."colours") between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_kits_logo_idx" ON "brand_kits" USING btree ("logo_upload_id");