/**
 * Claiming an imported listing (issue 34): what the claim page says. Client-safe.
 */
import { displayPhone } from "../../lib/phone";

/** A Nigerian mobile number (an SMS reaches it); anything else is called, and the code read out. */
export const isMobileNumber = (phone: string) => /^\+234[789][01]\d{8}$/.test(phone);

export const CLAIM_TEXTS = {
  prompt: "Is this your business? Claim it",
  title: (name: string) => `Claim ${name}`,
  intro: "Prove that the listing's phone is yours: we send a 6-digit code to it. Once you type it here, the listing is yours to edit, in your dashboard.",
  sendSms: (phone: string) => `Text a code to ${displayPhone(phone)}`,
  sendCall: (phone: string) => `Call ${displayPhone(phone)} with a code`,
  sentSms: (phone: string) => `We sent a 6-digit code by SMS to ${displayPhone(phone)}. It works for 10 minutes.`,
  sentCall: (phone: string) => `We are calling ${displayPhone(phone)} to read out a 6-digit code. It works for 10 minutes.`,
  submit: "Claim this business",
  claimed: (name: string) => `${name} is yours now. Check its details and add photos.`,
  businessAccountNeeded: "Claiming a business needs a business account. Sign up as a business owner, then claim it.",
  notClaimable: "This listing already has an owner, or it is not one that can be claimed.",
  noPhone: "This listing has no phone number to send a code to. Contact support from the Help page to claim it with your documents.",
  limitReached: "Your plan's listings are all in use. Upgrade your plan, or remove a listing, to claim this one.",
  failed: "Something went wrong. Please try again.",
} as const;
