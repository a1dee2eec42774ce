ALTER TABLE "schedule_changes" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_series" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;