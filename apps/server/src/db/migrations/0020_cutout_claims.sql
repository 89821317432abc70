CREATE TABLE "cutout_claims" (
	"user_id" text PRIMARY KEY NOT NULL,
	"claim" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cutout_claims" ADD CONSTRAINT "cutout_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;