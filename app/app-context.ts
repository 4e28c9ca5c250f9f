// What the Hono server hands React Router with every request.
declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address: the connection's peer, or what a trusted proxy forwarded (TRUSTED_PROXIES). */
    clientAddress?: string;
  }
}
export {};
