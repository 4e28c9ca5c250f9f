/**
 * A React Router server build made in the test process from the real route table (app/routes.ts), the real
 * root, entry and route modules: what `react-router build` bundles, without Vite. Only the browser's asset
 * manifest is made up (script URLs under /assets/ that no test loads). With it the whole Hono app answers
 * pages: `createApp({ env, build: routeBuild })` (or `pageApp()` below).
 */
import path from "node:path";
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import routeTable from "../../app/routes";
import { getEnv, type Env } from "../../app/lib/env.server";
import { createApp } from "../../server/app";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

/** One entry of app/routes.ts, flattened: its id (as react-router dev names it), path and file. */
export type RouteTableEntry = { id: string; path: string; file: string; index: boolean };

type ConfigEntry = { id?: string; path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

/** Every route of app/routes.ts with its full path ('/' for the index), children flattened. */
export function routeTableEntries(): RouteTableEntry[] {
  const out: RouteTableEntry[] = [];
  const walk = (entries: readonly ConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
      out.push({ id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), path: full, file: entry.file, index: Boolean(entry.index) });
      if (entry.children) walk(entry.children, full === "/" ? "" : full);
    }
  };
  walk(routeTable as unknown as ConfigEntry[], "");
  return out;
}

type RouteModule = Record<string, unknown>;

/** A route module as the React Router Vite plugin hands it to the server: components get their props. */
async function importModule(file: string): Promise<RouteModule> {
  const module = (await import(/* @vite-ignore */ path.join(APP_DIR, file))) as RouteModule;
  const wrapped: RouteModule = { ...module };
  if (typeof module.default === "function") wrapped.default = withComponentProps(module.default as never);
  if (typeof module.ErrorBoundary === "function") wrapped.ErrorBoundary = withErrorBoundaryProps(module.ErrorBoundary as never);
  if (typeof module.HydrateFallback === "function") wrapped.HydrateFallback = withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped;
}

let building: Promise<ServerBuild> | undefined;

/** The build (made once per test file; a failed attempt is not kept, the next request tries again). */
export function routeBuild(): Promise<ServerBuild> {
  building ??= makeBuild().catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

async function makeBuild(): Promise<ServerBuild> {
  // One at a time: Node 20 can fail a require() of an ES module that an import() is loading at that moment
  // ("Cannot read properties of undefined (reading 'getStatus')").
  const root = await importModule("root.tsx");
  const entry = (await import(/* @vite-ignore */ path.join(APP_DIR, "entry.server.tsx"))) as RouteModule;
  const entries = routeTableEntries();
  const modules: RouteModule[] = [];
  for (const e of entries) modules.push(await importModule(e.file));
  const serverRoutes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: root as never },
  };
  const assetRoutes: ServerBuild["assets"]["routes"] = { root: assetRoute("root", undefined, "", false, root) };
  entries.forEach((e, i) => {
    const relative = e.index ? undefined : e.path.slice(1);
    serverRoutes[e.id] = { id: e.id, parentId: "root", path: relative, index: e.index || undefined, module: modules[i] as never };
    assetRoutes[e.id] = assetRoute(e.id, "root", relative, e.index, modules[i]!);
  });
  return {
    entry: { module: entry as never },
    routes: serverRoutes,
    assets: { entry: { module: "/assets/entry.client.js", imports: [] }, routes: assetRoutes, url: "/assets/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: path.join(APP_DIR, "..", "build", "client"),
    // As react-router.config.ts sets them.
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as ServerBuild;
}

function assetRoute(id: string, parentId: string | undefined, routePath: string | undefined, index: boolean, module: RouteModule) {
  return {
    id,
    parentId,
    path: routePath,
    index: index || undefined,
    hasAction: typeof module.action === "function",
    hasLoader: typeof module.loader === "function",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: typeof module.ErrorBoundary === "function",
    module: `/assets/${id}.js`,
    imports: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

/** The whole Hono app (middleware, endpoints, pages) over the test build. */
export function pageApp(overrides: Partial<Env> = {}) {
  return createApp({ env: { ...getEnv(), ...overrides }, build: routeBuild });
}
