import { z } from "~/lib/zod";
import { msg, t } from "../../lib/i18n/i18n";
import { withoutBidiControls } from "../../lib/plain-text";
import { CATEGORIES, COUNTRIES, SIGNUP_REGIONS } from "../../lib/reference";
import { nigerianMobile, PHONE_TEXTS } from "./phone.schemas";

/** Spec 01 §5 texts. */
export const ACCOUNT_TEXTS = {
  passwordsDontMatch: msg("Passwords don't match"),
  fillAllFields: msg("Please fill in all fields"),
  resetEmailRequired: msg("Please enter your email address"),
  resetEmailInvalid: msg("Please enter a valid email address"),
  loginFailed: msg("Login failed"),
  loginUnexpected: msg("An unexpected error occurred during login"),
  registrationFailed: msg("Registration failed. Please try again."),
  signupUnexpected: msg("An unexpected error occurred during signup"),
  signOutFailed: msg("Failed to sign out. Please try again."),
  resetSent: msg("Password reset email sent! Please check your inbox."),
  resetGeneric: msg("If an account with this email exists, you will receive a password reset link."),
  tooManyRequests: msg("Too many requests. Please wait a few minutes before trying again."),
  resetInvalidRequest: msg("Invalid request. Please check your email and try again."),
  unexpected: msg("An unexpected error occurred. Please try again."),
  invalidCredentials: msg("Invalid email or password"),
  emailNotVerified: msg("Please verify your email address before signing in. We sent you a link when you registered."),
  suspended: msg("Your account has been suspended. Please contact support."),
  resetLinkInvalid: msg("This password reset link is invalid or has expired. Please request a new one."),
} as const;

/**
 * Our text (the spec has none; 'Too many requests…' would not say how long): an account slowed down after
 * repeated wrong passwords (accounts/account-limits.ts). Said alike for unknown e-mails.
 */
export function signInDelayedText(seconds: number): string {
  if (seconds < 60) {
    return t("Too many wrong passwords for this account. Please try again in {{count}} seconds, or use 'Forgot password?' to choose a new one.", { count: seconds });
  }
  return t("Too many wrong passwords for this account. Please try again in {{count}} minutes, or use 'Forgot password?' to choose a new one.", { count: Math.ceil(seconds / 60) });
}

/** A name: bidirectional controls dropped (app/lib/plain-text.ts), trimmed, required. */
const requiredText = (max = 100) => z.string().overwrite(withoutBidiControls).trim().min(1, ACCOUNT_TEXTS.fillAllFields).max(max);

export const RegisterStepOneSchema = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    email: z.string().trim().min(1, ACCOUNT_TEXTS.fillAllFields).pipe(z.email(ACCOUNT_TEXTS.resetEmailInvalid)),
    password: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
    confirmPassword: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
  })
  .refine((v) => v.password === v.confirmPassword, { message: ACCOUNT_TEXTS.passwordsDontMatch, path: ["confirmPassword"] });

export const RegisterSchema = z
  .object({
    accountType: z.enum(["visitor", "business"]),
    firstName: requiredText(),
    lastName: requiredText(),
    email: z.string().trim().min(1, ACCOUNT_TEXTS.fillAllFields).pipe(z.email(ACCOUNT_TEXTS.resetEmailInvalid)),
    password: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
    confirmPassword: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
    country: z.enum(COUNTRIES, { message: ACCOUNT_TEXTS.fillAllFields }),
    state: z.enum(SIGNUP_REGIONS, { message: ACCOUNT_TEXTS.fillAllFields }),
    category: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: ACCOUNT_TEXTS.passwordsDontMatch, path: ["confirmPassword"] })
  .refine((v) => v.accountType !== "business" || (CATEGORIES as readonly string[]).includes(v.category ?? ""), {
    message: ACCOUNT_TEXTS.fillAllFields,
    path: ["category"],
  });
export type RegisterInput = z.infer<typeof RegisterSchema>;

/**
 * Signing up with a mobile number instead of an e-mail and password (issue 33): the same names, country, state and
 * category, the number in any Nigerian form (stored as E.164), no e-mail.
 */
export const PhoneRegisterSchema = z
  .object({
    accountType: z.enum(["visitor", "business"]),
    firstName: requiredText(),
    lastName: requiredText(),
    phone: z.string().trim().min(1, PHONE_TEXTS.invalidNumber).transform((value, ctx) => {
      const phone = nigerianMobile(value);
      if (!phone) ctx.addIssue({ code: "custom", message: PHONE_TEXTS.invalidNumber });
      return phone ?? value;
    }),
    country: z.enum(COUNTRIES, { message: ACCOUNT_TEXTS.fillAllFields }),
    state: z.enum(SIGNUP_REGIONS, { message: ACCOUNT_TEXTS.fillAllFields }),
    category: z.string().optional(),
  })
  .refine((v) => v.accountType !== "business" || (CATEGORIES as readonly string[]).includes(v.category ?? ""), {
    message: ACCOUNT_TEXTS.fillAllFields,
    path: ["category"],
  });
export type PhoneRegisterInput = z.infer<typeof PhoneRegisterSchema>;

export const SignInSchema = z.object({
  email: z.string().trim().min(1, ACCOUNT_TEXTS.fillAllFields),
  password: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, ACCOUNT_TEXTS.resetEmailRequired).pipe(z.email(ACCOUNT_TEXTS.resetEmailInvalid)),
});

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, ACCOUNT_TEXTS.resetLinkInvalid),
    password: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
    confirmPassword: z.string().min(1, ACCOUNT_TEXTS.fillAllFields),
  })
  .refine((v) => v.password === v.confirmPassword, { message: ACCOUNT_TEXTS.passwordsDontMatch, path: ["confirmPassword"] });

/** Only same-origin paths: never an open redirect. Anything else falls back. */
export function safeRedirectPath(value: unknown, fallback: string | null = null): string | null {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || /[\u0000-\u001f]/.test(path)) return fallback;
  try {
    const url = new URL(path, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    const normalised = url.pathname + url.search + url.hash;
    // '/.//evil.example' and '/%2e//…' normalise to '//evil.example': the browser reads that as another host.
    // The normalised result is what the Location header carries, so it is checked again.
    if (normalised.startsWith("//") || normalised.startsWith("/\\")) return fallback;
    return normalised;
  } catch {
    return fallback;
  }
}

/** Where a user lands after sign-in when no path was remembered (spec 01 §2, Login). */
export function homeForRole(user: { role: string; isAdmin: boolean }): string {
  if (user.isAdmin || user.role === "admin") return "/admin";
  if (user.role === "business") return "/dashboard";
  return "/";
}

/** What adding or changing the e-mail address says (issue 33, change-email.server.ts). */
export const EMAIL_CHANGE_TEXTS = {
  invalid: msg("Enter a valid e-mail address, such as ada@example.com."),
  same: msg("That is already your e-mail address."),
  admins: msg("Admins keep the e-mail address their admin rights and two-factor sign-in are set up with."),
  sent: (email: string) => t("We sent a link to {{email}}. Open it within 24 hours to confirm the address.", { email }),
  tooMany: msg("Too many e-mail changes asked for. Please try again in an hour."),
  badLink: msg("This link is invalid, has expired or was already used. Ask for a new one on your profile."),
  taken: msg("This e-mail address is already on another account."),
  changed: (email: string) => t("Your e-mail address is now {{email}}.", { email }),
} as const;
