CREATE TABLE "upload_cutouts" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"choice" text NOT NULL,
	"method" text NOT NULL,
	"framed" boolean NOT NULL,
	"reason" text,
	"confidence" double precision NOT NULL,
	"coverage" double precision NOT NULL,
	"mask_key" text,
	"preview_key" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"corrections" jsonb,
	"ms" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_cutouts_choice_valid" CHECK ("upload_cutouts"."choice" in ('auto', 'cutout', 'whole'))
);
--> statement-breakpoint
ALTER TABLE "upload_cutouts" ADD CONSTRAINT "upload_cutouts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_cutouts" ADD CONSTRAINT "upload_cutouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_cutouts_user_idx" ON "upload_cutouts" USING btree ("user_id");