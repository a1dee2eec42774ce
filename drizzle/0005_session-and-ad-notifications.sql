-- What a process keeps (src/server/db/kept-reads.ts) is forgotten on two channels, at commit,
-- whoever made the change: `session_changed` (a member's row or sessions: auth/session-lookup.ts)
-- and `ad_changed` (a member's adverts, for the profile answer: ads/kept-member-ads.ts). A click
-- on an advert changes only its count and notifies nobody.
DROP TRIGGER users_member_changed ON users;
--> statement-breakpoint
DROP TRIGGER sessions_member_changed ON sessions;
--> statement-breakpoint
DROP TRIGGER ads_member_changed ON ads;
--> statement-breakpoint
DROP FUNCTION notify_member_changed();
--> statement-breakpoint
-- TG_ARGV: the channel, then the column holding the member's id.
CREATE FUNCTION notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify(TG_ARGV[0], changed ->> TG_ARGV[1]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_changed('session_changed', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_changed('session_changed', 'user_id');
--> statement-breakpoint
CREATE TRIGGER ads_ad_changed AFTER INSERT OR DELETE OR UPDATE OF user_id, state, image_file_id, link_url, alt_text, weeks, start_date, end_date, reason ON ads
  FOR EACH ROW EXECUTE FUNCTION notify_changed('ad_changed', 'user_id');
