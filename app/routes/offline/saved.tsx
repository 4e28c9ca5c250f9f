import { data, Link, redirect } from "react-router";
import { categoryName } from "~/lib/reference";
import { savedListTexts } from "~/components/enhance-texts";
import { currentLocale, t, translateIfKnown } from "~/lib/i18n/i18n";
import { localizePath, routePath } from "~/lib/i18n/locales";
import type { Route } from "./+types/saved";
import { FailureAlert } from "~/components/ui/alert";
import { SITE_NAME } from "~/components/site";
import { READER_PAGE } from "~/components/reader-page";
import { useEnhance } from "~/components/use-enhance";
import { enhanceSavedList } from "~/enhance/save";
import { safeRedirectPath } from "~/features/accounts/account.schemas";
import { loginUrlFor } from "~/features/accounts/access";
import { optionalUser } from "~/features/accounts/guards.server";
import { businessPath } from "~/features/directory/business-links";
import { joinDeviceSaves } from "~/features/directory/join-device-saves.server";
import { listSavedBusinesses } from "~/features/directory/list-saved-businesses.server";
import { saveBusiness } from "~/features/directory/save-business.server";
import { SAVED_LIMITS, SAVED_TEXTS } from "~/lib/saved-businesses";
import { unsaveBusiness } from "~/features/directory/unsave-business.server";
import { failureData } from "~/lib/error-responses.server";
import { formatDate } from "~/lib/format";
import { formText } from "~/lib/form-fields";
import { withParts } from "~/components/with-parts";

/** The same page for every anonymous visitor (their list is on the device): cacheable, by the service worker too. */
const ANONYMOUS_HEADERS = { "Cache-Control": "public, max-age=60", Vary: "Accept-Encoding, Cookie, Save-Data" };

/**
 * /saved: a signed-in user's saved businesses from their account (server-rendered, paged); for anonymous
 * visitors the page explains, and app/enhance/save.ts lists what the device saved (ADR 30).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (!user) return data({ list: null, signInHref: loginUrlFor("/saved") }, { headers: ANONYMOUS_HEADERS });
  const params = new URL(request.url).searchParams;
  return { list: await listSavedBusinesses(user, { page: params.get("page") }), signInHref: null, joinFull: params.get("join") === "full" };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Anonymous visitors read it without the React app (ADR 29); their list is drawn by app/enhance/save.ts. */
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = () => [{ title: t("Saved businesses | {{site}}", { site: SITE_NAME }) }, { name: "robots", content: "noindex" }];

/**
 * The Save and Remove buttons' plain POST forms (intent save / unsave, then back where they were; `respond=data`
 * answers the hydrated app's fetcher instead), and `join`: what the device saved, posted once after sign-in.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await optionalUser(request);
  const form = await request.formData();
  const field = (name: string) => formText(form, name);
  const intent = field("intent");
  const businessId = field("businessId");
  const back = safeRedirectPath(field("back")) ?? sameSiteReferrer(request) ?? "/saved";
  try {
    if (intent === "save") await saveBusiness(user, { businessId });
    else if (intent === "unsave") await unsaveBusiness(user, { businessId });
    else if (intent === "join") {
      // A full account leaves the device's list as it is (app/enhance/save.ts reads where it was sent).
      const { leftOut } = await joinDeviceSaves(user, { businessIds: form.getAll("businessId") });
      return redirect(leftOut > 0 ? "/saved?join=full" : "/saved");
    } else return data({ ok: false as const, failure: { title: t("Unknown action"), text: t("This form asked for something the page does not do.") }, back }, { status: 400 });
  } catch (error) {
    return failureData(error, { keep: { back } });
  }
  if (field("respond") === "data") return { ok: true as const, intent, businessId };
  return redirect(back);
}

/** Where a form without `back` was posted from (a card on a results page), when that is this site. */
function sameSiteReferrer(request: Request): string | null {
  const referrer = request.headers.get("Referer");
  if (!referrer) return null;
  try {
    const from = new URL(referrer);
    return from.origin === new URL(request.url).origin ? safeRedirectPath(routePath(from) + from.search) : null;
  } catch {
    return null;
  }
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const { list, signInHref } = loaderData;
  const joinFull = "joinFull" in loaderData && loaderData.joinFull;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">{t("Saved businesses")}</h1>
        <p className="mt-1 text-gray-600">
          {t("Businesses you saved are readable on this device even without a connection (up to {{max}}).", { max: SAVED_LIMITS.max })}
        </p>
      </div>
      {joinFull && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-gray-900">
          {translateIfKnown(SAVED_TEXTS.joinFull)}
        </p>
      )}
      {failure && (
        <>
          <FailureAlert failure={failure.failure} />
          {failure.back !== "/saved" && (
            <p>
              <a href={localizePath(currentLocale(), failure.back)} className="link">
                {t("Go back")}
              </a>
            </p>
          )}
        </>
      )}
      {list ? <AccountList list={list} /> : <DeviceList signInHref={localizePath(currentLocale(), signInHref ?? "/login")} />}
    </div>
  );
}

type AccountListData = NonNullable<Route.ComponentProps["loaderData"]["list"]>;

/** A signed-in user's saved businesses, from their account. */
function AccountList({ list }: { list: AccountListData }) {
  if (list.total === 0) {
    return (
      <p className="card p-5 text-gray-700">
        {t("Nothing saved yet. Press Save on a business to keep it here.")} <Link to="/businesses" className="link">{t("Browse businesses")}</Link>
      </p>
    );
  }
  const here = list.page > 1 ? `/saved?page=${list.page}` : "/saved";
  return (
    <section aria-labelledby="saved-account">
      <h2 id="saved-account" className="sr-only">
        {t("Saved to your account")}
      </h2>
      <p className="mb-2 text-sm text-gray-600">
        {t("{{total}} of {{max}} saved to your account.", { total: list.total, max: SAVED_LIMITS.max })}
      </p>
      <ul className="card divide-y divide-gray-100">
        {list.rows.map((row) => (
          <li key={row.businessId} className="flex items-start justify-between gap-3 p-4">
            <div className="min-w-0">
              {row.card ? (
                <a href={localizePath(currentLocale(), businessPath(row.businessId))} className="link break-words">
                  {row.name}
                </a>
              ) : (
                <span className="font-semibold break-words">{row.name}</span>
              )}
              <p className="text-sm text-gray-600">
                {row.card
                  ? [row.card.category && categoryName(row.card.category), [row.card.lga, row.card.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")
                  : translateIfKnown(SAVED_TEXTS.unpublished)}
              </p>
              <p className="text-xs text-gray-500">{t("Saved {{date}}", { date: formatDate(row.savedAt) })}</p>
            </div>
            <form method="post" action={localizePath(currentLocale(), "/saved")}>
              <input type="hidden" name="intent" value="unsave" />
              <input type="hidden" name="businessId" value={row.businessId} />
              <input type="hidden" name="back" value={here} />
              <button type="submit" className="btn btn-outline" aria-label={t("Remove {{name}} from saved", { name: row.name })}>
                {t("Remove")}
              </button>
            </form>
          </li>
        ))}
      </ul>
      <nav aria-label={t("Saved pages")} className="mt-3 flex justify-between">
        {list.page > 1 ? <a href={localizePath(currentLocale(), list.page === 2 ? "/saved" : `/saved?page=${list.page - 1}`)} className="link">{t("Previous")}</a> : <span />}
        {list.hasNext ? <a href={localizePath(currentLocale(), `/saved?page=${list.page + 1}`)} className="link">{t("Next")}</a> : <span />}
      </nav>
    </section>
  );
}

/** Anonymous visitors: the list is on the device, drawn by app/enhance/save.ts; without JavaScript, the page says so. */
function DeviceList({ signInHref }: { signInHref: string }) {
  // Bound by app/enhance on the reader page; in the app (an anonymous visitor who came by client-side navigation), here.
  const list = useEnhance<HTMLDivElement>(enhanceSavedList);
  return (
    <section aria-labelledby="saved-device" className="space-y-3">
      <h2 id="saved-device" className="font-semibold">
        {t("Saved on this device")}
      </h2>
      <noscript>
        <p className="card p-5 text-gray-700">
          {t("Without an account, Save keeps businesses on this device, which needs JavaScript: it is off in this browser.")}{" "}
          {withParts(t("{{login}} to save businesses to your account instead."), { login: <a href={signInHref} className="link">{t("Log in")}</a> })}
        </p>
      </noscript>
      <div ref={list} data-enhance="saved-list" data-empty={t("Nothing saved on this device yet. Press Save on a business to keep it here.")} {...savedListTexts()} />
      <p className="text-sm text-gray-600">
        {t("Saved on this device only.")}{" "}
        {withParts(t("{{login}} to keep them in your account: what this device saved joins it."), { login: <a href={signInHref} className="link">{t("Log in")}</a> })}
      </p>
    </section>
  );
}
