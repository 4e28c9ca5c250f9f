-- Signing in and up with a mobile number (issue 33): codes for that purpose, bound to no account until one is proved.
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('verify-phone', 'sign-in'));
