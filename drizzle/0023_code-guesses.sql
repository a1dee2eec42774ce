CREATE TABLE "code_guesses" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_guesses_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "code_guesses" ADD CONSTRAINT "code_guesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;