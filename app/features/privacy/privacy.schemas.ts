/** Texts and input rules of the privacy screens (/profile's data card, /privacy). Client-safe. */

/** How the other side of a conversation, and every admin list, names an account that was deleted. */
export const DELETED_USER_NAME = "Deleted user";

export const PRIVACY_TEXTS = {
  /** What the person types to confirm the deletion (any letter case, spaces around ignored). */
  confirmationWord: "DELETE",
  passwordRequired: "Enter your password to confirm it is you.",
  wrongPassword: "That password is not correct.",
  codeRequired: "Send a code to your phone and enter it to confirm it is you.",
  confirmationMismatch: "Type DELETE to confirm.",
  checkFields: { title: "Account not deleted", text: "Please check the fields marked below." },
  deleteFailed: { title: "Account not deleted", text: "We could not delete your account. Please try again." },
  lastAdmin: {
    title: "Account not deleted",
    text: "You are the only admin. Make another account an admin first, then delete yours.",
  },
  signInRequired: "Please log in to download or delete your data.",
  exportTitle: "Your data",
  exportText: "Download everything we hold about you (your profile, listings, messages, KYC decisions and payments) as a JSON file.",
  exportButton: "Download my data",
  deleteTitle: "Delete account",
  deleteButton: "Delete my account",
} as const;

export type DeleteAccountInput = { password: string; confirmation: string };

/** True when what was typed is the confirmation word (letter case and surrounding spaces do not matter). */
export function confirmsDeletion(typed: string): boolean {
  return typed.trim().toUpperCase() === PRIVACY_TEXTS.confirmationWord;
}

/** Where the browser goes once the account is deleted (the home page says so). */
export const ACCOUNT_DELETED_REDIRECT = "/?accountDeleted=true";
