ALTER TABLE "outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Mail queued before the flag: the templates that carry a code say so in their subject.
UPDATE "outbox" SET "sensitive" = true WHERE "subject" ~ '(verification code|activation code|password reset code|Confirm your new email address)';--> statement-breakpoint
UPDATE "outbox" SET "text" = '', "html" = '' WHERE "sensitive" AND "sent_at" IS NOT NULL;
