-- Each portal process keeps the signed-in profile it last answered for a session (see
-- src/server/profile/session-view-cache.ts). A change to a member's row, sessions or adverts,
-- by any process or by hand, tells every process which member to forget, at commit.
CREATE FUNCTION notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('member_changed', changed ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_member_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_member_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_member_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_member_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER ads_member_changed AFTER INSERT OR UPDATE OR DELETE ON ads FOR EACH ROW EXECUTE FUNCTION notify_member_changed('user_id');
