ALTER TABLE "ads" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Adverts approved before: their approval booked their payment at once, so they were paid then.
UPDATE "ads" SET "paid_at" = coalesce("reviewed_at", "created_at") WHERE "state" IN ('approved', 'ended') AND EXISTS (SELECT 1 FROM "payments" WHERE "payments"."id" = "ads"."payment_id" AND "payments"."state" = 'approved');
--> statement-breakpoint
-- The member's kept advert (ads/kept-member-ads.ts) changes status when its payment is confirmed.
DROP TRIGGER ads_ad_changed ON ads;
--> statement-breakpoint
CREATE TRIGGER ads_ad_changed AFTER INSERT OR DELETE OR UPDATE OF user_id, state, image_file_id, link_url, alt_text, weeks, start_date, end_date, reason, paid_at ON ads
  FOR EACH ROW EXECUTE FUNCTION notify_changed('ad_changed', 'user_id');

--> statement-breakpoint
DROP INDEX "payments_fine_open_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_fine_open_key" ON "payments" USING btree ("fine_id") WHERE "payments"."state" in ('pending', 'approved');
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text DEFAULT 'slip' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "issue" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");
