-- `status` meant "the member activated their profile"; the column says so now. The API's
-- `status` field keeps its name (src/server/profile/user-view.ts).
ALTER TABLE "users" RENAME COLUMN "status" TO "activated";
