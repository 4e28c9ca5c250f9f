-- A verified mobile number on an account, and the one-time codes that prove it (issue 33).
ALTER TABLE "profiles" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_check" CHECK ("profiles"."phone" is null or ("profiles"."phone" ~ '^\+[0-9]{10,15}$' and "profiles"."phone_verified_at" is not null));
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_phone_idx" ON "profiles" USING btree ("phone") WHERE phone is not null;
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('verify-phone'))
);
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","created_at" DESC NULLS LAST);
