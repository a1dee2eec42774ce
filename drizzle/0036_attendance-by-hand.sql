ALTER TABLE "attendance" ADD COLUMN "hand_reason" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "hand_audit_id" bigint;--> statement-breakpoint
ALTER TABLE "attendance_scans" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_hand_audit_id_audit_log_id_fk" FOREIGN KEY ("hand_audit_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_by_hand" CHECK (("attendance"."hand_reason" is null) = ("attendance"."hand_audit_id" is null));