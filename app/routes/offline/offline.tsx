import { data } from "react-router";
import type { Route } from "./+types/offline";
import { READER_PAGE } from "~/components/reader-page";
import { SITE_NAME } from "~/components/site";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";

/**
 * /offline: what the service worker (app/sw/service-worker.ts) shows for a page it cannot fetch and has not kept
 * (ADR 30). The same for everyone, kept on install; it says what is readable without a connection.
 */
export function loader() {
  // Its HTML follows the sidebar and data saver cookies and the Save-Data header, like every public page (ADR 28, 32).
  return data({ offline: true }, { headers: { "Cache-Control": "public, max-age=3600", Vary: "Accept-Encoding, Cookie, Save-Data" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** No React app for anyone who is signed out (ADR 29): the service worker shows this page offline. */
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = () => [{ title: `${t("You are offline")} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function Offline() {
  return (
    <div className="page max-w-2xl space-y-4">
      <h1 className="title">{t("You are offline")}</h1>
      <p className="text-gray-700">{t("This page is not on this device, and there is no connection to fetch it. Without a connection you can still read:")}</p>
      <ul className="card list-disc space-y-2 py-4 pr-4 pl-9 text-gray-700">
        <li>
          <a href={localizePath(currentLocale(), "/saved")} className="link">
            {t("Businesses you saved")}
          </a>{" "}
          {t("(press Save on a business or a card to keep it on this device);")}
        </li>
        <li>{t("the pages you visited recently (the last {{recent}} you read without being logged in).", { recent: 30 })}</li>
      </ul>
      <p className="text-gray-700">{t("Messages, your account and new searches need a connection. Try again once you are back online.")}</p>
      <p>
        <a href={localizePath(currentLocale(), "/")} className="btn btn-primary">
          {t("Try again")}
        </a>
      </p>
    </div>
  );
}
