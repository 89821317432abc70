CREATE TABLE "generation_edits" (
	"result_id" uuid NOT NULL,
	"image_index" integer NOT NULL,
	"user_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"logo_upload_id" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_edits_result_id_image_index_pk" PRIMARY KEY("result_id","image_index"),
	CONSTRAINT "generation_edits_image_index_range" CHECK ("generation_edits"."image_index" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_role_valid";--> statement-breakpoint
ALTER TABLE "generation_edits" ADD CONSTRAINT "generation_edits_result_id_user_image_generations_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."user_image_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_edits" ADD CONSTRAINT "generation_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_edits" ADD CONSTRAINT "generation_edits_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_edits_logo_idx" ON "generation_edits" USING btree ("logo_upload_id");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_role_valid" CHECK ("uploads"."role" in ('product', 'context', 'logo'));