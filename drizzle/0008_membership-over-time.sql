CREATE SEQUENCE "public"."member_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_number" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_member_number_key" ON "users" USING btree ("member_number");--> statement-breakpoint
-- Members activated before paid-until existed: covered from their first approved fee for the
-- months approved since, and numbered in the order they activated.
UPDATE "users" u SET "paid_until" = (s.first_day + make_interval(months => s.months::int))::date
FROM (
  SELECT "user_id", min(("reviewed_at" AT TIME ZONE 'Africa/Lagos')::date) AS first_day, sum(coalesce("months", 1)) AS months
  FROM "payments" WHERE "kind" = 'fee' AND "state" = 'approved' AND "user_id" IS NOT NULL GROUP BY "user_id"
) s
WHERE u."id" = s."user_id" AND u."activated";
--> statement-breakpoint
UPDATE "users" u SET "member_number" = n.num
FROM (SELECT "id", nextval('member_number_seq') AS num FROM (SELECT "id" FROM "users" WHERE "activated" AND "role" = 'member' ORDER BY "activated_at", "created_at") ordered) n
WHERE u."id" = n."id";
