import { data, redirect } from "react-router";
import { t } from "~/lib/i18n/i18n";
import { routePath } from "~/lib/i18n/locales";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found-page";
import { SITE_NAME } from "~/components/site";
import { canonicalPath } from "~/lib/known-routes";
import { READER_PAGE } from "~/components/reader-page";

/** /404 and every unknown path: a known route in another spelling redirects, anything else answers 404. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const canonical = canonicalPath(routePath(url));
  if (canonical) throw redirect(`${canonical}${url.search}`, 301);
  return data({ notFound: true }, { status: 404 });
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = () => [{ title: `${t("Page not found")} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}
