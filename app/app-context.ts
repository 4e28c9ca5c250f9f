// What the Hono server hands React Router with every request.
declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The peer address of the connection (rate limits). */
    clientAddress?: string;
  }
}
export {};
