CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_key" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"promotional" boolean NOT NULL,
	"audience" text NOT NULL,
	"audience_value" text,
	"recipients" integer NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_kobo" integer NOT NULL,
	"perks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_positive" CHECK ("plans"."price_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_client_key" ON "announcements" USING btree ("client_key");--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_level_range" CHECK ("users"."level" between 1 and 5);--> statement-breakpoint
-- The services page's plans as they were, at 60,500 naira a month; the perks are what the portal gives every paid member.
INSERT INTO "plans" ("id", "name", "price_kobo", "perks", "position") VALUES
  ('free', 'Free Plan', 6050000, '["Member forms: script printing, welfare, movie premieres, camping, artist membership","Membership card with a QR code checked at the door","A profile in the talent directory that businesses can book","Announcements of meetings, castings and training by notification and email"]', 1),
  ('standard', 'Standard Plan', 6050000, '["Member forms: script printing, welfare, movie premieres, camping, artist membership","Membership card with a QR code checked at the door","A profile in the talent directory that businesses can book","Announcements of meetings, castings and training by notification and email"]', 2),
  ('premium', 'Premium Plan', 6050000, '["Member forms: script printing, welfare, movie premieres, camping, artist membership","Membership card with a QR code checked at the door","A profile in the talent directory that businesses can book","Announcements of meetings, castings and training by notification and email"]', 3)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Achievements get an id, so staff can remove one awarded by mistake.
UPDATE "users" SET "achievements" = (
  SELECT coalesce(jsonb_agg(CASE WHEN a ? 'id' THEN a ELSE a || jsonb_build_object('id', gen_random_uuid()::text) END), '[]'::jsonb)
  FROM jsonb_array_elements("achievements") AS a
) WHERE jsonb_array_length("achievements") > 0;
