/**
 * Data saver (issue 20, ADR 32): list and card images wait until tapped, and pages carry no image the text
 * can replace. On when the visitor turned the footer's switch on (a cookie), or when the browser asks for it
 * (`Save-Data: on`) and the visitor has not turned the switch off. Pure and client-safe.
 */

export const DATA_SAVER_COOKIE = "data-saver";
/** The visitor's choice is kept a year (it is a preference, not a session). */
export const DATA_SAVER_COOKIE_MAX_AGE_SECONDS = 31_536_000;

export type DataSaverChoice = "on" | "off";

/** The switch's choice in a Cookie header, when the visitor made one. */
export function dataSaverChoice(cookieHeader: string | null | undefined): DataSaverChoice | undefined {
  let choice: DataSaverChoice | undefined;
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== DATA_SAVER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "on" || value === "off") choice = value;
  }
  return choice;
}

/** `Save-Data: on` (Client Hints; the value is a token, compared without case, parameters ignored). */
export function saveDataRequested(saveDataHeader: string | null | undefined): boolean {
  return (saveDataHeader ?? "").split(";")[0]!.trim().toLowerCase() === "on";
}

/** Whether data saver is on for a request: the visitor's choice first, else the browser's Save-Data. */
export function isDataSaverOn(headers: Pick<Headers, "get">): boolean {
  return (dataSaverChoice(headers.get("cookie")) ?? (saveDataRequested(headers.get("save-data")) ? "on" : "off")) === "on";
}

/** The Set-Cookie value that remembers the switch's choice (for every page, a year). */
export function dataSaverCookie(choice: DataSaverChoice, { secure = false } = {}): string {
  return `${DATA_SAVER_COOKIE}=${choice}; Path=/; Max-Age=${DATA_SAVER_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
