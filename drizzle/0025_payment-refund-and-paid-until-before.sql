ALTER TABLE "payments" ADD COLUMN "paid_until_before" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;