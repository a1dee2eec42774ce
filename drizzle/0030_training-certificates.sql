ALTER TABLE "training_certificates" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "training_certificates_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "code" text NOT NULL;--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "company_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "member_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "member_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "attended" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "training_certificates" ADD COLUMN "held" integer NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "training_certificates_number_key" ON "training_certificates" USING btree ("number");