import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { getEnv, type Env } from "../../app/lib/env.server";
import { createApp } from "../../server/app";

/** For tests that never reach React Router's HTML routes. */
export const noBuild = async (): Promise<ServerBuild> => {
  throw new Error("this test has no React Router build");
};

export function testApp(overrides: Partial<Env> = {}) {
  return createApp({ env: { ...getEnv(), ...overrides }, build: noBuild });
}

export type Listening = { url: string; close(): Promise<void> };

/** Serves an app on a real socket (loopback, random port): needed wherever the peer address matters. */
export async function listen(app: { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> }, hostname = "127.0.0.1"): Promise<Listening> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch as never, port: 0, hostname }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
