ALTER TABLE "background_generations" ADD COLUMN "mode" text DEFAULT 'fusion' NOT NULL;--> statement-breakpoint
ALTER TABLE "background_generations" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "background_generations" ADD COLUMN "locale" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "background_generations" ADD COLUMN "credit_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "background_generations" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "user_subscription_info" ADD COLUMN "subscription_tier" text;--> statement-breakpoint
ALTER TABLE "user_subscription_info" ADD COLUMN "subscription_end" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "background_generations_active_updated_idx" ON "background_generations" USING btree ("updated_at") WHERE "background_generations"."status" in ('pending', 'processing');--> statement-breakpoint
-- Every change of a generation is announced to listening API processes (server-sent events), whichever
-- process made it. The payload stays small: listeners read the row itself.
CREATE FUNCTION "notify_generation_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('generation_events', json_build_object('id', NEW.id, 'user_id', NEW.user_id)::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "background_generations_notify" AFTER INSERT OR UPDATE ON "background_generations"
  FOR EACH ROW EXECUTE FUNCTION "notify_generation_change"();
