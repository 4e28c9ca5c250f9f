/** What the unsubscribe page and the profile's weekly summary setting say (issue 18). Client-safe. */
export const WEEKLY_SUMMARY_TEXTS = {
  confirmTitle: "Stop weekly summaries?",
  confirmText: "You will no longer get the Monday e-mail with your listings' views, search appearances and contacts.",
  confirmButton: "Unsubscribe",
  doneTitle: "You will no longer receive weekly summaries",
  doneText: "You can turn them back on at any time from your profile.",
  resubscribe: "Manage e-mail settings on your profile",
  invalidTitle: "This unsubscribe link is not valid",
  invalidText: "It may have been copied incompletely. Open the link from the e-mail again, or change your e-mail settings on your profile.",
  settingTitle: "E-mail",
  settingLabel: "Weekly summary e-mail",
  settingHint: "Every Monday: your listings' views, search appearances and contacts for the week.",
  settingSave: "Save e-mail setting",
  settingOn: "Weekly summaries are on.",
  settingOff: "Weekly summaries are off.",
  ownersOnly: "Only business owners get the weekly summary.",
} as const;
