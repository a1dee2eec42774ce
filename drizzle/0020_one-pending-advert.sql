-- A form sent twice at once could store two pending adverts: the older ones (and their pending
-- payments) are refused, so that the index below can be built; the newest stays under review.
WITH "duplicates" AS (
	SELECT "id", "payment_id" FROM (
		SELECT "id", "payment_id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank"
		FROM "ads" WHERE "state" = 'pending'
	) AS "ranked" WHERE "rank" > 1
), "refused_payments" AS (
	UPDATE "payments" SET "state" = 'rejected', "reason" = 'Sent twice: the later advert is the one under review.', "reviewed_at" = now()
	WHERE "id" IN (SELECT "payment_id" FROM "duplicates") AND "state" = 'pending'
)
UPDATE "ads" SET "state" = 'rejected', "reason" = 'Sent twice: the later advert is the one under review.', "reviewed_at" = now()
WHERE "id" IN (SELECT "id" FROM "duplicates");
--> statement-breakpoint
CREATE UNIQUE INDEX "ads_one_pending_per_member_key" ON "ads" USING btree ("user_id") WHERE "ads"."state" = 'pending';
