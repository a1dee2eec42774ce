CREATE TABLE "casting_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"consent_code_hash" text,
	"consent_attempts" integer DEFAULT 0 NOT NULL,
	"consent_by" text,
	"consent_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casting_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"casting_day" date NOT NULL,
	"time" text NOT NULL,
	"place" text NOT NULL,
	"deadline" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"booking_request_id" uuid,
	"created_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casting_calls_deadline_before_day" CHECK ("casting_calls"."deadline" <= "casting_calls"."casting_day")
);
--> statement-breakpoint
CREATE TABLE "casting_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"gender" text NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"min_level" integer NOT NULL,
	"max_level" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "casting_roles_ranges" CHECK ("casting_roles"."min_age" <= "casting_roles"."max_age" and "casting_roles"."min_level" <= "casting_roles"."max_level" and "casting_roles"."min_level" >= 1 and "casting_roles"."max_level" <= 5),
	CONSTRAINT "casting_roles_count_positive" CHECK ("casting_roles"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_role_id_casting_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."casting_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_calls" ADD CONSTRAINT "casting_calls_booking_request_id_booking_requests_id_fk" FOREIGN KEY ("booking_request_id") REFERENCES "public"."booking_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_calls" ADD CONSTRAINT "casting_calls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_roles" ADD CONSTRAINT "casting_roles_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casting_applications_one_per_role_key" ON "casting_applications" USING btree ("role_id","user_id");--> statement-breakpoint
CREATE INDEX "casting_applications_user_idx" ON "casting_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "casting_applications_cast_idx" ON "casting_applications" USING btree ("role_id") WHERE "casting_applications"."state" = 'cast';--> statement-breakpoint
CREATE INDEX "casting_calls_state_idx" ON "casting_calls" USING btree ("state","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "casting_calls_booking_request_key" ON "casting_calls" USING btree ("booking_request_id");--> statement-breakpoint
CREATE INDEX "casting_roles_call_idx" ON "casting_roles" USING btree ("call_id","position");