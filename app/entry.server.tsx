import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { logger } from "./lib/logger.server";
import { isDatabaseUnavailable } from "./lib/db-errors.server";
import { isSignedInRequest, markDatabaseUnavailable } from "./lib/request-context.server";

export const streamTimeout = 5_000;

/**
 * Whatever is rendered for a signed-in user (the request's session was read and found someone) must not be
 * kept by the browser or any cache between: pages, `.data` answers and error pages alike. Anonymous pages
 * keep the headers their routes give them.
 */
function noStoreForSignedIn(headers: Headers) {
  if (isSignedInRequest()) headers.set("Cache-Control", "no-store");
}

/**
 * Signed-in users' pages stream (their app shows its shell first). Anyone else gets the whole document at once,
 * in one buffer: crawlers, and anonymous visitors, whose reader pages (ADR 29) have no script to fill in a
 * streamed part, and whose pages the page cache keeps whole anyway (ADR 28); one buffer also costs less CPU than
 * React's small chunks through a stream (issue 19).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Errors React reports before the shell is ready: a part inside <Suspense> (logged once the shell holds), or
    // the shell's own (then the rejection reaches handleError, which logs it).
    const early: unknown[] = [];
    const logRenderError = (error: unknown) => logger.error({ err: error, url: new URL(request.url).pathname }, "render error");
    const userAgent = request.headers.get("user-agent");
    const waitForAll = !isSignedInRequest() || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const respond = (body: BodyInit) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      noStoreForSignedIn(responseHeaders);
      // A failed render is not kept by a browser or a CDN (a public page's headers would let them).
      if (responseStatusCode >= 500) responseHeaders.set("Cache-Control", "no-store");
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          early.splice(0).forEach(logRenderError);
          if (waitForAll) return;
          const body = new PassThrough();
          respond(createReadableStreamFromReadable(body));
          pipe(body);
        },
        onAllReady() {
          if (!waitForAll) return;
          // The whole document is ready: one buffer, not React's small chunks through a stream (issue 19).
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              respond(Buffer.concat(chunks));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logRenderError(error);
          else early.push(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The `.data` answers of single fetch (navigations and form posts with JavaScript on). */
export function handleDataRequest(response: Response) {
  noStoreForSignedIn(response.headers);
  return response;
}

/** Every error a loader, action or render throws is logged with the request id the error screen shows. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The error screen is answered 503 instead of 500 (server/app.ts) when the database is down.
  if (isDatabaseUnavailable(error)) markDatabaseUnavailable();
  logger.error({ err: error, url: new URL(request.url).pathname }, "route error");
}
