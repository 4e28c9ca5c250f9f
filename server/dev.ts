// npm run dev: the same Hono server with Vite's dev middleware in front (hot reload, source maps).
import { getRequestListener } from "@hono/node-server";
import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { useDatabase } from "../app/lib/db.server";
import { parseEnv, setEnv } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { stopAllRealtimeHubs } from "../app/lib/realtime.server";
import { grantAdmins } from "../app/features/admin/grant-admin.server";
import { clearDirectoryCaches } from "../app/features/directory/clear-directory-caches.server";
import { listenForPublicChanges, onPublicChange } from "../app/lib/public-changes.server";
import { createApp } from "./app";
import { prepareDatabase } from "./database";

const env = parseEnv();
setEnv(env);
const { database, isNew } = await prepareDatabase(env, "dev server");
useDatabase(database);
// The directory's short-lived caches are emptied on every public change (ADR 27, 28), as in production.
await listenForPublicChanges(database);
onPublicChange(clearDirectoryCaches);
if (env.ADMIN_EMAILS.length > 0) await grantAdmins(env.ADMIN_EMAILS);
if (isNew && env.demoData) {
  const { seedDemoData } = await import("../db/seed/index");
  logger.info(await seedDemoData(), "demo data seeded");
}

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createApp({
  env,
  isDev: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const honoListener = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  vite.middlewares(req, res, () => honoListener(req, res));
});
server.listen(env.PORT, () => logger.info({ url: env.PUBLIC_URL }, "dev server listening"));
const stop = async () => {
  server.close();
  await stopAllRealtimeHubs();
  await vite.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
