-- Issue 36: the language a person chose (the language switch, signed in): their pages after sign-in and the
-- e-mails, SMS and WhatsApp messages sent to them. Null: never chose (English, the spec's language).
ALTER TABLE "profiles" ADD COLUMN "language" text;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK ("language" is null or "language" in ('en', 'pcm', 'ha', 'yo', 'ig'));
