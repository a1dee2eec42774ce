-- Custom SQL migration file, put your code below! --
-- Hand-written: two more films for the premiere programme, so a new install offers 75 distinct
-- titles as the original form did (76 entries, one of them twice; issue 31). A title staff
-- already added is left as it is.
INSERT INTO "premieres" ("title") VALUES
	('Ije: The Journey'),
	('Kasala!')
ON CONFLICT ("title") DO NOTHING;
