import { addressKey, type ProgressiveDelay } from "../../../lib/rate-limit.server";

/*
 * How often the account screens may be used: per client address (app/lib/client-address.server.ts; an
 * IPv6 client counts per /64) and per account or e-mail address. Counters live in PostgreSQL (rate_limits),
 * so every server process shares them.
 *
 * Per-address limits are sized for carrier-grade NAT. Most of our users come in over Nigerian mobile data,
 * where a carrier puts many subscribers behind one public IPv4 address: at a busy hour, hundreds of real
 * people can share an address. An address limit therefore must not count what people do in numbers
 * (signing in), only what an attacker must do a lot and a person rarely does: type a wrong password.
 * Sizing: 1,000 people behind one address each signing in once in a busy 15 minutes, one in five mistyping
 * once, make 200 failures; 300 leaves headroom, and still holds a password sprayer on one address to 1,200
 * guesses an hour, spread over accounts that each slow down on their own (the progressive delay below).
 */
export const SIGN_IN_LIMITS = {
  /** Wrong passwords per client address per window, whatever the accounts (see above). */
  addressFailures: 300,
  addressWindowSeconds: 15 * 60,
  /**
   * Per account, no hard lock (anyone could keep an owner out): after 5 wrong passwords in a row each
   * further attempt waits 2 s after the previous one, doubling to at most 15 minutes (about 100 guesses a
   * day at most). While it waits, even the right password is refused, so the wait gives nothing away; a
   * browser that signed in to the account before keeps its own count and is not slowed by anyone else's
   * (internal/known-device.server.ts). A successful sign-in or a completed password reset clears the count; 24 h
   * without a failure forgets it.
   */
  account: { freeAttempts: 5, firstDelaySeconds: 2, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 } satisfies ProgressiveDelay,
  /** Wrong two-factor codes per client address per window (a code is only asked after the right password). */
  twoFactorAddressFailures: 50,
  twoFactorWindowSeconds: 15 * 60,
} as const;

/**
 * Sign-ups per address and e-mail. Each sends an e-mail. People sign up far more rarely than they sign in:
 * 200 an hour from one carrier address is a very busy hour; a script making accounts is stopped there.
 * Per e-mail, 5 an hour (a repeated sign-up mails the address's owner).
 */
export const REGISTER_LIMITS = { perAddress: 200, addressWindowSeconds: 60 * 60, perEmail: 5, emailWindowSeconds: 60 * 60 } as const;

/** Password reset requests, and new verification links: each sends an e-mail. Same reasoning, per 15 minutes. */
export const RESET_LIMITS = { perAddress: 100, addressWindowSeconds: 15 * 60, perEmail: 5, emailWindowSeconds: 15 * 60 } as const;
export const RESEND_LIMITS = { perAddress: 100, addressWindowSeconds: 15 * 60, perEmail: 5, emailWindowSeconds: 15 * 60 } as const;

/** The rate_limits keys of the sign-in counters. */
export const SIGN_IN_KEYS = {
  addressFailures: (clientAddress: string | undefined) => `signin-addr:${addressKey(clientAddress)}`,
  /** An account's failures; a known device's count is a member of the account's family (`account#device`). */
  account: (email: string) => `signin-fail:${email}`,
  device: (email: string, device: string) => `signin-fail:${email}#${device}`,
  twoFactorAddress: (clientAddress: string | undefined) => `signin-2fa:${addressKey(clientAddress)}`,
} as const;
