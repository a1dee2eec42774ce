ALTER TABLE "users" ADD COLUMN "card_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD COLUMN "withdrawn_by" uuid;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD COLUMN "withdrawn_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "attendance_scans" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD CONSTRAINT "attendance_fines_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD CONSTRAINT "attendance_fines_withdrawn_scan_id_attendance_scans_id_fk" FOREIGN KEY ("withdrawn_scan_id") REFERENCES "public"."attendance_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_fines" ADD CONSTRAINT "attendance_fines_withdrawn" CHECK ("attendance_fines"."state" <> 'withdrawn' or ("attendance_fines"."withdrawn_at" is not null and "attendance_fines"."withdrawn_reason" is not null));