CREATE TABLE "membership_reminders" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"paid_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_user_id_kind_paid_until_pk" PRIMARY KEY("user_id","kind","paid_until")
);
--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;