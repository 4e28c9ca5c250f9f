import { redirect } from "react-router";
import type { Route } from "./+types/data-saver";
import { safeRedirectPath } from "~/features/accounts/account.schemas";
import { dataSaverCookie } from "~/lib/data-saver";
import { getEnv } from "~/lib/env.server";
import { msg, t } from "~/lib/i18n/i18n";

/** The switch's refusal for a value it does not know (a hand-made request: the form only sends on or off). */
export const DATA_SAVER_INVALID = msg("Choose whether data saver is on or off.");

export function loader() {
  // The switch changes a preference: only by POST (a link or a prefetch must not flip it).
  throw redirect("/");
}

/**
 * The 'Data saver' switch (ADR 32), in every page's footer and the signed-in menu: a plain form, so it works
 * without JavaScript. Remembers the choice in a cookie for anyone, signed in or not, and goes back to the page
 * it was sent from.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("dataSaver");
  if (choice !== "on" && choice !== "off") return new Response(t(DATA_SAVER_INVALID), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const back = safeRedirectPath(form.get("redirectTo"), "/")!;
  const secure = getEnv().PUBLIC_URL.startsWith("https://");
  throw redirect(back, { status: 303, headers: { "Set-Cookie": dataSaverCookie(choice, { secure }) } });
}
