CREATE TABLE "premieres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"showtimes" jsonb DEFAULT '["5pm","7pm","9pm"]'::jsonb NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premieres_title_key" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"submission_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"field" text NOT NULL,
	CONSTRAINT "submission_files_submission_id_field_pk" PRIMARY KEY("submission_id","field")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"form" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_files_file_idx" ON "submission_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "submissions_form_created_idx" ON "submissions" USING btree ("form","created_at");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id");
--> statement-breakpoint
-- The starting programme of films open for premiere bookings; staff add and retire titles in the console.
INSERT INTO "premieres" ("title") VALUES
	('Living in Bondage'),
	('Living in Bondage: Breaking Free'),
	('Glamour Girls'),
	('Saworoide'),
	('Osuofia in London'),
	('The Figurine'),
	('Phone Swap'),
	('Half of a Yellow Sun'),
	('October 1'),
	('30 Days in Atlanta'),
	('Gbomo Gbomo Express'),
	('Fifty'),
	('The Wedding Party'),
	('The Wedding Party 2: Destination Dubai'),
	('''76'),
	('The Arbitration'),
	('Wives on Strike'),
	('The CEO'),
	('Okafor''s Law'),
	('Ojukokoro (Greed)'),
	('Isoken'),
	('Tatu'),
	('Banana Island Ghost'),
	('King of Boys'),
	('King of Boys: The Return of the King'),
	('Chief Daddy'),
	('Chief Daddy 2: Going for Broke'),
	('Lionheart'),
	('Merry Men: The Real Yoruba Demons'),
	('Merry Men 2: Another Mission'),
	('New Money'),
	('Up North'),
	('Knock Out Blessing'),
	('Ghost and the Tout'),
	('Ghost and the Tout Too'),
	('Sugar Rush'),
	('The Bling Lagosians'),
	('Coming from Insanity'),
	('Mokalik (Mechanic)'),
	('The Set Up'),
	('Òlòtūré'),
	('Citation'),
	('The Milkmaid'),
	('Eyimofe (This Is My Desire)'),
	('Omo Ghetto: The Saga'),
	('Kambili: The Whole 30 Yards'),
	('Rattlesnake: The Ahanna Story'),
	('Nneka the Pretty Serpent'),
	('Swallow'),
	('Love Castle'),
	('Prophetess'),
	('Day of Destiny'),
	('Aki and Pawpaw'),
	('A Naija Christmas'),
	('Anikulapo'),
	('Battle on Buka Street'),
	('Brotherhood'),
	('Elesin Oba: The King''s Horseman'),
	('Obara''M'),
	('Ijakumo: The Born Again Stripper'),
	('Dinner at My Place'),
	('A Tribe Called Judah'),
	('Jagun Jagun'),
	('Gangs of Lagos'),
	('Mami Wata'),
	('Breath of Life'),
	('The Black Book'),
	('Orisa'),
	('Ada Omo Daddy'),
	('Everybody Loves Jenifa'),
	('Ajosepo'),
	('House of Ga''a'),
	('Funmilayo Ransome-Kuti')
ON CONFLICT ("title") DO NOTHING;