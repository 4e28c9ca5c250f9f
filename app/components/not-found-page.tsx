import { Link, useLocation } from "react-router";
import { suggestPage } from "../lib/known-routes";
import { t, translateIfKnown } from "../lib/i18n/i18n";

/** Where an element goes inside a translated sentence: the sentence is split around it (any word order). */
const SLOT = "\u0000";
function around(sentence: string): [string, string] {
  const [before = "", after = ""] = sentence.split(SLOT);
  return [before, after];
}

/** The not-found page (spec 02, Not-found page): the attempted path, a related page and quick links. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const suggestion = suggestPage(pathname);
  let shownPath = pathname;
  try {
    shownPath = decodeURI(pathname);
  } catch {
    // Show the raw path when it is not valid percent-encoding.
  }
  const [notFoundBefore, notFoundAfter] = around(t("We could not find {{path}}", { path: SLOT }));
  const [lookingBefore, lookingAfter] = around(t("Were you looking for {{page}}?", { page: SLOT }));
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-bold">{t("Page not found")}</h1>
      <p className="mt-3 text-gray-600">
        {notFoundBefore}
        <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 text-sm text-gray-800">{shownPath}</code>
        {notFoundAfter}
      </p>
      {suggestion && (
        <p className="mt-4">
          {lookingBefore}
          <Link to={suggestion.href} className="link">
            {translateIfKnown(suggestion.label)}
          </Link>
          {lookingAfter}
        </p>
      )}
      <nav aria-label={t("Quick links")} className="mt-8 grid grid-cols-2 gap-2 sm:flex sm:justify-center">
        <Link to="/" className="btn btn-outline">{t("Home")}</Link>
        <Link to="/businesses" className="btn btn-outline">{t("Businesses")}</Link>
        <Link to="/help" className="btn btn-outline">{t("Help")}</Link>
        <Link to="/pricing" className="btn btn-outline">{t("Pricing")}</Link>
      </nav>
    </div>
  );
}
