CREATE TABLE "booking_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"request" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_confirmations" ADD CONSTRAINT "booking_confirmations_profile_id_talent_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."talent_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Mail queued before the flag: the templates that carry a code say so in their subject.
UPDATE "outbox" SET "sensitive" = true WHERE "subject" ~ '(verification code|activation code|password reset code|Confirm your new email address)';
--> statement-breakpoint
UPDATE "outbox" SET "text" = '', "html" = '' WHERE "sensitive" AND "sent_at" IS NOT NULL;
