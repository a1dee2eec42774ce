CREATE TABLE "contact_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_user_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_unhandled_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "payments_reviewed_idx" ON "payments" USING btree ("state","reviewed_at","kind","amount_kobo");--> statement-breakpoint
CREATE INDEX "payments_approved_idx" ON "payments" USING btree ("reviewed_at","id") WHERE "payments"."state" = 'approved';--> statement-breakpoint
CREATE INDEX "payments_pending_fee_idx" ON "payments" USING btree ("user_id") WHERE "payments"."state" = 'pending' and "payments"."kind" = 'fee';--> statement-breakpoint
CREATE INDEX "submissions_new_idx" ON "submissions" USING btree ("created_at") WHERE "submissions"."state" = 'new';--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_activated_at_idx" ON "users" USING btree ("activated_at");--> statement-breakpoint
CREATE INDEX "users_paid_until_idx" ON "users" USING btree ("paid_until");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","kind","created_at");