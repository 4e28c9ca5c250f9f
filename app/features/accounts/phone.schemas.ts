/**
 * Mobile numbers on accounts (issue 33): what a person may type, the rules of the one-time codes, and every text they
 * read. Client-safe.
 */
import { msg, t } from "../../lib/i18n/i18n";
import { canonicalPhone, displayPhone } from "../../lib/phone";

/** A code: 6 digits, valid 10 minutes, 5 tries, one use (issue 33). */
export const PHONE_CODE = { digits: 6, validMinutes: 10, maxTries: 5 } as const;
/** At most 3 codes per number per 15 minutes; a connection and an account get more room, for the many behind one carrier address. */
export const PHONE_CODE_LIMITS = {
  perNumber: 3,
  perNumberWindowMinutes: 15,
  perAddress: 20,
  perAddressWindowMinutes: 15,
  perAccount: 6,
  perAccountWindowMinutes: 60,
} as const;

export const PHONE_TEXTS = {
  invalidNumber: msg("Enter a Nigerian mobile number, such as 0803 555 0141."),
  codeSent: (phone: string) => t("We sent a 6-digit code by SMS to {{phone}}. It works for 10 minutes.", { phone: displayPhone(phone) }),
  tooManyForNumber: (minutes: number) => t("Too many codes for this number. Try again in {{count}} minutes.", { count: minutes }),
  tooManyFromHere: (minutes: number) => t("Too many codes asked for. Try again in {{count}} minutes.", { count: minutes }),
  codeFormat: msg("Enter the 6-digit code from the SMS."),
  wrongCode: msg("That code is not right. Check the SMS and try again."),
  expired: msg("That code has expired or was already used. Ask for a new one."),
  triesUsed: msg("Too many wrong tries for this code. Ask for a new one."),
  taken: msg("This number is already on another account. Sign in to that account, or use another number."),
  verified: (phone: string) => t("Your phone number {{phone}} is verified.", { phone: displayPhone(phone) }),
  /** The SMS: who it is from, the code, how long it works, and that nobody should ask for it. */
  // The texts sent (SMS, a call): in the language of the page they were asked from (t(): the request's, issue 36).
  sms: (code: string) => `Naija Directory: ${t("your code is {{code}}. It works for 10 minutes. Never share it: we will never ask you for it.", { code })}`,
  /**
   * The SMS of a code to an account's own number to confirm it is them (no password: deleting the account, changing its
   * number or e-mail). It says what the code unlocks, so a person asked for it by someone else can tell; one SMS page.
   */
  holderSms: (code: string) =>
    `Naija Directory: ${t("to change your account's number or e-mail or delete it, your code is {{code}}. Works 10 minutes. Not you? Never share it.", { code })}`,
  /** What the voice call reads out (Termii reads our code; the text is what the development outbox shows). */
  voice: (code: string) => t("Naija Directory voice call: your code is {{code}}. It works for 10 minutes.", { code }),
  /** To the number an account replaced, and to the account's number when its e-mail address changed. */
  numberReplaced: (phone: string, help: string) =>
    `Naija Directory: ${t("the phone number of your account was changed to {{phone}}. If you did not do this, get help: {{help}}", { phone: displayPhone(phone), help })}`,
  emailChanged: (email: string, help: string) =>
    `Naija Directory: ${t("the e-mail address of your account is now {{email}}. If you did not do this, get help: {{help}}", { email, help })}`,
  failed: msg("Something went wrong. Please try again."),
} as const;

/** How long a 'Confirm it is you' lasts before changing the account's number or e-mail address (issue 33). */
export const IDENTITY_PROOF_MINUTES = 15;

/** 'Confirm it is you' before changing how the account is signed in to (confirm-identity.server.ts). */
export const REAUTH_TEXTS = {
  why: msg("To keep your account safe, confirm it is you first."),
  passwordLabel: msg("Your password"),
  passwordRequired: msg("Enter your password to confirm it is you."),
  wrongPassword: msg("That password is not right."),
  tooManyWrong: (minutes: number) => t("Too many wrong passwords. Try again in {{count}} minutes.", { count: minutes }),
  sendCode: (phone: string) => t("Send a code to {{phone}}", { phone: displayPhone(phone) }),
  codeHint: (phone: string) => t("The code we sent to {{phone}}, the number you have now.", { phone: displayPhone(phone) }),
  codeRequired: msg("Enter the code we sent to the number you have now."),
  // Read when shown or thrown (in the language of the moment), with the minutes the proof lasts.
  get again() {
    return t("Confirm it is you again: it lasts {{minutes}} minutes.", { minutes: IDENTITY_PROOF_MINUTES });
  },
  get confirmed() {
    return t("You confirmed it is you: no need to again for {{minutes}} minutes.", { minutes: IDENTITY_PROOF_MINUTES });
  },
  noWay: msg("This account has neither a password nor a phone number to confirm it is you. Contact support from the Help page."),
} as const;

/** What the phone path of /login and /register/* says (issue 33). */
export const PHONE_SIGN_IN_TEXTS = {
  /** The same whether or not the number has an account: nothing tells who is registered. */
  codeSent: (phone: string) => t("We sent a 6-digit code by SMS to {{phone}}. Enter it below; it works for 10 minutes.", { phone: displayPhone(phone) }),
  callPlaced: (phone: string) => t("We are calling {{phone}} to read out a new 6-digit code. It works for 10 minutes.", { phone: displayPhone(phone) }),
  noAccount: (phone: string) =>
    t("Your number {{phone}} is confirmed, but no account uses it yet. Create one to continue: you will not need another code.", { phone: displayPhone(phone) }),
  useTwoFactor: msg("This account signs in with its e-mail, password and authenticator code."),
  phoneOnlyEmail: msg("No e-mail address: you sign in with your phone number."),
} as const;

/**
 * An account made with a phone number has no e-mail address, but better-auth's user needs a unique one: it gets an
 * address under `.invalid`, which can never receive mail (RFC 2606), made from its id. Nothing is ever sent to it
 * (app/lib/email.server.ts) and no screen shows it.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone-only.invalid";
export const phoneOnlyEmail = (userId: string) => `${userId}@${PHONE_ONLY_EMAIL_DOMAIN}`;
export const isPhoneOnlyEmail = (email: string | null | undefined) => Boolean(email?.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`));
/** The e-mail address to show, or null for an account without one. */
export const shownEmail = (email: string | null | undefined): string | null => (email && !isPhoneOnlyEmail(email) ? email : null);

/** Nigerian mobile numbers: +234 then 70x, 80x, 81x, 90x or 91x and 7 more digits. */
const NIGERIAN_MOBILE = /^\+234[789][01]\d{8}$/;

/**
 * The canonical form (E.164) of a typed Nigerian mobile number ('0803 555 0141', '803-555-0141', '+234 (0) 803 555
 * 0141' all mean +2348035550141), or null when it is not one.
 */
export function nigerianMobile(raw: string): string | null {
  const canonical = canonicalPhone(raw);
  if (!canonical.ok || !canonical.value) return null;
  return NIGERIAN_MOBILE.test(canonical.value) ? canonical.value : null;
}
