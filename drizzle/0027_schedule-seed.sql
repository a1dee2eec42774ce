-- Custom SQL migration file, put your code below! --
-- Hand-written: the terms' week on a new install, as series staff can edit (issue 28).
INSERT INTO "schedule_series" ("kind", "title", "place", "start_time", "end_time", "repeat", "first_day", "weekdays", "nth", "audience", "attendance_required", "grace_minutes")
VALUES
  ('meeting', 'Weekly meeting', 'Company office', '10:00', '16:00', 'weekly', (now() + interval '1 hour')::date, '[4]', NULL, 'all', true, 15),
  ('training', 'Training', 'Company studio', '09:00', '13:00', 'weekly', (now() + interval '1 hour')::date, '[1,3,5]', NULL, 'enrolled', true, 15),
  ('casting', 'Casting day', 'Company studio', '10:00', '16:00', 'monthly', (now() + interval '1 hour')::date, '[5]', 2, 'all', false, 15);
