import type { ServerBuild } from "react-router";

type RouteModule = { default?: unknown; loader?: unknown; action?: unknown };

/** What a document request answers under `routeBuild`: the status and the leaf route's loader or action data. */
export type RouteAnswer = { status: number; actionData: unknown; loaderData: unknown };

/**
 * A React Router server build made of real route modules, without Vite: for tests that go through the whole
 * Hono app (`createApp({ build: async () => jsonRouteBuild({...}) })`) and React Router's request handling
 * (load context, actions, redirects, Set-Cookie), without rendering pages. A document request answers JSON
 * (`RouteAnswer`) instead of HTML; redirects answer as React Router sends them (302 with Location).
 *
 * `routes` maps a path ("login", "businesses/:id") to its module; all sit under a root that renders nothing.
 */
export function jsonRouteBuild(routes: Record<string, RouteModule>): ServerBuild {
  const manifest: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } as never },
  };
  const leafIds: string[] = [];
  for (const [routePath, module] of Object.entries(routes)) {
    const id = `routes/${routePath}`;
    leafIds.push(id);
    manifest[id] = { id, parentId: "root", path: routePath, module: module as never };
  }
  const entryModule = {
    default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { actionData: Record<string, unknown> | null; loaderData: Record<string, unknown> } }) => {
      const { actionData, loaderData } = context.staticHandlerContext;
      const leaf = leafIds.find((id) => (actionData && id in actionData) || id in loaderData);
      const answer: RouteAnswer = { status, actionData: leaf ? actionData?.[leaf] : undefined, loaderData: leaf ? loaderData[leaf] : undefined };
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify(answer), { status, headers });
    },
  };
  return {
    entry: { module: entryModule as never },
    routes: manifest,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" } as never,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true } as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    basename: "/",
  } as ServerBuild;
}
