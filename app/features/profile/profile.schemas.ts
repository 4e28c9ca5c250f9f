import { z } from "~/lib/zod";
import { msg } from "../../lib/i18n/i18n";
import { withoutBidiControls } from "../../lib/plain-text";
import { COUNTRIES, SIGNUP_REGIONS } from "../../lib/reference";

export const PROFILE_FIELD_TEXTS = {
  firstNameRequired: msg("First name is required"),
  lastNameRequired: msg("Last name is required"),
  nameTooLong: msg("Please use at most 100 characters"),
  countryRequired: msg("Please choose your country"),
  stateRequired: msg("Please choose your state or region"),
} as const;

/** What a user may change on /profile: name, country and state (the sign-up lists). */
export const UpdateProfileSchema = z.object({
  // Names keep no bidirectional controls (app/lib/plain-text.ts).
  firstName: z.string().overwrite(withoutBidiControls).trim().min(1, PROFILE_FIELD_TEXTS.firstNameRequired).max(100, PROFILE_FIELD_TEXTS.nameTooLong),
  lastName: z.string().overwrite(withoutBidiControls).trim().min(1, PROFILE_FIELD_TEXTS.lastNameRequired).max(100, PROFILE_FIELD_TEXTS.nameTooLong),
  country: z.enum(COUNTRIES, { message: PROFILE_FIELD_TEXTS.countryRequired }),
  state: z.enum(SIGNUP_REGIONS, { message: PROFILE_FIELD_TEXTS.stateRequired }),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

/** The sign-up label for a stored state: the directory's 'FCT' reads as 'FCT - Abuja'. */
export function signupStateLabel(state: string | null | undefined): string {
  if (!state) return "";
  if (state === "FCT") return "FCT - Abuja";
  return (SIGNUP_REGIONS as readonly string[]).includes(state) ? state : "";
}
