import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { safeRedirectPath } from "~/features/accounts/account.schemas";
import { optionalUser } from "~/features/accounts/guards.server";
import { setLanguage } from "~/features/profile/set-language.server";
import { failureData } from "~/lib/error-responses.server";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath } from "~/lib/i18n/locales";

export function loader() {
  // The switch changes a preference: only by POST (a link or a prefetch must not change it).
  throw redirect("/");
}

/**
 * The language switch of a signed-in person (issue 36): remembers the choice on their profile and opens the same
 * page in that language. Visitors' switch is a plain link to the page's address in the language (nothing to
 * remember: the language is in the address). A plain form: it works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  if (!isLocale(language)) return new Response(t("Choose one of the languages shown."), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const user = await optionalUser(request);
  if (user) {
    try {
      await setLanguage(user, language);
    } catch (error) {
      return failureData(error);
    }
  }
  // The page's address without any language prefix, then in the chosen one. The switch posts to the English
  // /language, whose basename is '/'; under another prefix the address is made absolute, or React Router would
  // put that prefix (its basename) in front of it.
  // The way back checked again once its prefix is off ('/ha//evil.example' is '//evil.example' without it).
  const target = localizePath(language, safeRedirectPath(splitLocalePath(safeRedirectPath(form.get("redirectTo"), "/")!).path, "/")!);
  throw redirect(currentLocale() === DEFAULT_LOCALE ? target : new URL(target, new URL(request.url).origin).href, 303);
}
