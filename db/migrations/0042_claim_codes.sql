-- Claiming an imported listing by a code sent to the listing's own phone (issue 34): codes for that purpose, bound to
-- the account that claims.
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose_check";
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose_check" CHECK ("phone_codes"."purpose" in ('verify-phone', 'sign-in', 'claim-listing'));
