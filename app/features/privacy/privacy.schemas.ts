/** Texts and input rules of the privacy screens (/profile's data card, /privacy). Client-safe. */
import { msg } from "../../lib/i18n/i18n";

/**
 * How the other side of a conversation, and every admin list, names an account that was deleted. Stored as the
 * account's name, so it stays in English (a stored value, not a text of the screen).
 */
export const DELETED_USER_NAME = "Deleted user";

export const PRIVACY_TEXTS = {
  /** What the person types to confirm the deletion (any letter case, spaces around ignored): the same word in every language. */
  confirmationWord: "DELETE",
  passwordRequired: msg("Enter your password to confirm it is you."),
  wrongPassword: msg("That password is not correct."),
  codeRequired: msg("Send a code to your phone and enter it to confirm it is you."),
  confirmationMismatch: msg("Type DELETE to confirm."),
  checkFields: { title: msg("Account not deleted"), text: msg("Please check the fields marked below.") },
  deleteFailed: { title: msg("Account not deleted"), text: msg("We could not delete your account. Please try again.") },
  lastAdmin: {
    title: msg("Account not deleted"),
    text: msg("You are the only admin. Make another account an admin first, then delete yours."),
  },
  signInRequired: msg("Please log in to download or delete your data."),
  exportTitle: msg("Your data"),
  exportText: msg("Download everything we hold about you (your profile, listings, messages, KYC decisions and payments) as a JSON file."),
  exportButton: msg("Download my data"),
  deleteTitle: msg("Delete account"),
  deleteButton: msg("Delete my account"),
} as const;

export type DeleteAccountInput = { password: string; confirmation: string };

/** True when what was typed is the confirmation word (letter case and surrounding spaces do not matter). */
export function confirmsDeletion(typed: string): boolean {
  return typed.trim().toUpperCase() === PRIVACY_TEXTS.confirmationWord;
}

/** Where the browser goes once the account is deleted (the home page says so). */
export const ACCOUNT_DELETED_REDIRECT = "/?accountDeleted=true";
