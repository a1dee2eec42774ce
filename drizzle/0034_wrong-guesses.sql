CREATE TABLE "wrong_guesses" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wrong_guesses_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "wrong_guesses" ADD CONSTRAINT "wrong_guesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wrong_guesses_user_idx" ON "wrong_guesses" USING btree ("user_id");