import { msg } from "../../lib/i18n/i18n";

/**
 * What the unsubscribe page and the profile's weekly summary setting say (issue 18). Client-safe. Marked with msg()
 * (issue 36): the pages show them with t(); the e-mail itself is written in weekly-summary.ts.
 */
export const WEEKLY_SUMMARY_TEXTS = {
  confirmTitle: msg("Stop weekly summaries?"),
  confirmText: msg("You will no longer get the Monday e-mail with your listings' views, search appearances and contacts."),
  confirmButton: msg("Unsubscribe"),
  doneTitle: msg("You will no longer receive weekly summaries"),
  doneText: msg("You can turn them back on at any time from your profile."),
  resubscribe: msg("Manage e-mail settings on your profile"),
  invalidTitle: msg("This unsubscribe link is not valid"),
  invalidText: msg("It may have been copied incompletely. Open the link from the e-mail again, or change your e-mail settings on your profile."),
  settingTitle: msg("E-mail"),
  settingLabel: msg("Weekly summary e-mail"),
  settingHint: msg("Every Monday: your listings' views, search appearances and contacts for the week."),
  settingSave: msg("Save e-mail setting"),
  settingOn: msg("Weekly summaries are on."),
  settingOff: msg("Weekly summaries are off."),
  ownersOnly: msg("Only business owners get the weekly summary."),
} as const;
