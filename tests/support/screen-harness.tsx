/**
 * Test helper for the screen tests (the *.server.test.tsx files under app/routes): runs a route module's loader or action
 * the way React Router does for a document request and renders its component to HTML, with the root
 * route's `user` in place so useRouteLoaderData("root") works. No browser, real database and sessions.
 */
import { randomUUID } from "node:crypto";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useParams,
  type ActionFunction,
  type LoaderFunction,
} from "react-router";
import { getSessionUser } from "../../app/features/accounts/session.server";
import { requestStorage } from "../../app/lib/request-context.server";
import { DEFAULT_PASSWORD } from "../../db/seed/factories";
import { signInCookie } from "./two-factor";

export const BASE_URL = "http://localhost:3000";

type RouteModule = {
  default: unknown;
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

export type Rendered =
  | { kind: "page"; status: number; html: string; text: string }
  | { kind: "redirect"; status: number; location: string };

/**
 * The Cookie header of a fresh session for an account made by the factories (default password). Admins have
 * two-factor sign-in on: the code step is completed with the current code of their stored key.
 */
export async function sessionCookie(email: string, password = DEFAULT_PASSWORD): Promise<string> {
  return signInCookie(email, password, {
    baseUrl: BASE_URL,
    clientAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

/** Renders `path` through the route module: a GET, or a POST of `form` to its action. */
export async function renderRoute(
  module: RouteModule,
  path: string,
  options: {
    cookie?: string;
    /** Fields as strings (urlencoded), or a FormData with files (multipart). */
    form?: Record<string, string> | FormData;
    requestId?: string;
    /** The route's path pattern when it has params ('business/edit/:id'); default the literal path. */
    pattern?: string;
  } = {},
): Promise<Rendered> {
  const headers = new Headers({ origin: BASE_URL });
  if (options.cookie) headers.set("cookie", options.cookie);
  const init: RequestInit = { headers };
  if (options.form) {
    init.method = "POST";
    if (options.form instanceof FormData) init.body = options.form;
    else {
      init.body = new URLSearchParams(options.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
  }
  const request = new Request(new URL(path, BASE_URL), init);
  const Page = module.default as ComponentType<Record<string, unknown>>;
  function Screen() {
    return <Page loaderData={useLoaderData()} actionData={useActionData()} params={useParams()} matches={[]} />;
  }
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: async ({ request: r }) => ({ user: await getSessionUser(r), sidebarOpen: false, requestId: randomUUID(), unreadCount: 0 }),
      Component: Outlet,
      children: [
        {
          id: "page",
          path: options.pattern ?? new URL(path, BASE_URL).pathname.slice(1),
          loader: module.loader as unknown as LoaderFunction | undefined,
          action: module.action as unknown as ActionFunction | undefined,
          Component: Screen,
        },
      ],
    },
  ]);
  // Inside a request context, as the Hono server runs every request: log lines and Error IDs carry its id.
  const requestId = options.requestId ?? randomUUID();
  const context = await requestStorage.run({ requestId }, () => handler.query(request, { requestContext: { requestId } as never }));
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("location") ?? "" };
  }
  if (context.errors) {
    const error = Object.values(context.errors)[0];
    throw error instanceof Error ? error : new Error(`route error: ${JSON.stringify(error)}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
  return { kind: "page", status: context.statusCode, html, text };
}

/** The hrefs of every link in rendered HTML, with &amp; decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}
