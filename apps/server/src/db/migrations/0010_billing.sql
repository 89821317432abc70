CREATE TABLE "billing_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "billing_checkouts_plan" CHECK ("billing_checkouts"."plan" in ('starter', 'pro')),
	CONSTRAINT "billing_checkouts_status" CHECK ("billing_checkouts"."status" in ('open', 'complete', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "user_subscription_info" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscription_info" ADD COLUMN "billing_customer_id" text;--> statement-breakpoint
ALTER TABLE "user_subscription_info" ADD COLUMN "billing_subscription_id" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkouts_user_idx" ON "billing_checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscription_info_customer_idx" ON "user_subscription_info" USING btree ("billing_customer_id");