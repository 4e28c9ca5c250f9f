import { lazy, Suspense, useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  redirectDocument,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AppShell } from "./components/app-shell";
import { DataSaverContext } from "./components/data-saver";
import { JsonLd } from "./components/json-ld";
import { isReaderRequest } from "./components/reader-page";
import { initServiceWorker } from "./enhance/service-worker";
import { useNonce } from "./components/nonce";
import { readSidebarOpen } from "./lib/sidebar-state";
import { isDataSaverOn } from "./lib/data-saver";
import { getSessionUser } from "./features/accounts/session.server";
import { safeRedirectPath } from "./features/accounts/account.schemas";
import type { SessionUser } from "./features/accounts/session-user";
import { NotificationBell } from "./features/notifications/components/notification-bell";
import { canonicalPath } from "./lib/known-routes";
import { getUnreadSummary } from "./features/notifications/count-unread.server";
import { logger } from "./lib/logger.server";
import { ensureCatalogs } from "./lib/i18n/catalogs.server";
import { currentLocale } from "./lib/i18n/i18n";
import { DEFAULT_LOCALE, LOCALES, localizePath, splitLocalePath } from "./lib/i18n/locales";
import { publicUrl } from "./features/directory/public-url.server";
import "./app.css";
// The reader pages' one script (ADR 29), built by Vite as a separate bundle: its hashed address in /assets.
import enhanceSrc from "./enhance/index.ts?worker&url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const requestId = context?.requestId ?? "";
  // React Router matches paths case-insensitively and ignores trailing slashes: send such
  // spellings of a known route to its one canonical address.
  ensureCatalogs();
  const url = new URL(request.url);
  // The page's language is its address prefix (issue 36); React Router's basename keeps links and redirects in it.
  const locale = currentLocale();
  const { path } = splitLocalePath(url.pathname);
  const canonical = canonicalPath(path) ?? (url.pathname !== localizePath(locale, path) ? path : null);
  if (canonical) throw redirect(`${canonical}${url.search}`, 301);
  let user;
  try {
    user = await getSessionUser(request);
  } catch (error) {
    logger.error({ err: error }, "could not read the session");
    // The error screen shows this id; it is the one the request's log lines carry.
    throw data({ requestId }, { status: 500 });
  }
  // A signed-in person who chose a language reads every page in it: an address in another language (an English link
  // someone shared, the page after sign-in) redirects there. No loop: the address it sends to is in that language.
  // A whole document load (the other language is another basename); from under a prefix the address is absolute, or
  // React Router would put this language's prefix in front of it.
  if (user?.language && user.language !== locale && request.method === "GET") {
    // Never another site: a path such as '//evil.example' (from '/ha//evil.example') goes home instead.
    const target = localizePath(user.language, safeRedirectPath(`${path}${url.search}`, "/")!);
    throw redirectDocument(locale === DEFAULT_LOCALE ? target : new URL(target, url.origin).href, 302);
  }
  return {
    user,
    locale,
    // The same page in every language, for search engines (hreflang) and the switch.
    alternates: alternatesOf(`${path}${url.search}`),
    sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
    // Data saver (ADR 32): the visitor's switch, else the browser's Save-Data.
    dataSaver: isDataSaverOn(request.headers),
    requestId,
    // The bell: unread messages plus unread admin notifications; the live stream continues from the cursor.
    ...(await getUnreadSummary(user)),
  };
}

/** The page's address in each language, and x-default (English, the spec's addresses). */
function alternatesOf(pathAndQuery: string): { hrefLang: string; href: string }[] {
  return [
    ...LOCALES.map((code) => ({ hrefLang: code, href: publicUrl(localizePath(code, pathAndQuery)) })),
    { hrefLang: "x-default", href: publicUrl(pathAndQuery) },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page's structured data (schema.org), already escaped for <script> by its loader.
  const matches = useMatches();
  const jsonLd = matches.map((match) => (match.loaderData as { jsonLd?: string } | undefined)?.jsonLd).find(Boolean);
  // Anonymous visitors on public pages read server-rendered HTML with the small enhancement bundle; no React app.
  const root = useRouteLoaderData<typeof loader>("root");
  const reader = isReaderRequest(matches, Boolean(root?.user));
  return (
    // data-data-saver: what the page's scripts read of data saver (ADR 32; prefetch stays off).
    <html lang={root?.locale ?? DEFAULT_LOCALE} data-data-saver={root?.dataSaver ? "on" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#059669" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <Meta />
        <Links />
        {root?.alternates.map((alternate) => <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />)}
        {jsonLd && <JsonLd json={jsonLd} nonce={nonce} />}
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 antialiased">
        {children}
        {reader ? (
          <script type="module" src={enhanceSrc} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The notifications bell in the header, for a signed-in user. */
function bellFor(data: { user: SessionUser | null; unreadCount: number }) {
  return data.user ? <NotificationBell userId={data.user.id} role={data.user.role} count={data.unreadCount} /> : null;
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const signedIn = Boolean(data.user);
  // The hydrated app: the service worker (once), and after sign-in what this device saved joins the account (ADR 30).
  useEffect(() => {
    initServiceWorker();
    // Loaded only for signed-in users (the sign-in page's budget does not carry it).
    if (signedIn) void import("./enhance/save").then((save) => save.joinDeviceSaves());
  }, [signedIn]);
  return (
    <DataSaverContext value={data.dataSaver}>
      <AppShell user={data.user} sidebarOpen={data.sidebarOpen} bell={bellFor(data)}>
        <Outlet />
      </AppShell>
    </DataSaverContext>
  );
}

// Loaded only when something fails: error screens cost working pages nothing.
const RouteError = lazy(() => import("./components/route-error"));

/** Every route's errors land here: thrown 404s show the not-found page, others the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const page = (
    <Suspense>
      <RouteError error={error} />
    </Suspense>
  );
  // The navigation stays when the root loader worked (a page's own loader failed).
  return root ? (
    <DataSaverContext value={root.dataSaver}>
      <AppShell user={root.user} sidebarOpen={root.sidebarOpen} bell={bellFor(root)}>
        {page}
      </AppShell>
    </DataSaverContext>
  ) : (
    page
  );
}
