import { isbot } from "isbot";

/**
 * True when a request is a page view worth counting: a GET from a browser (not a crawler, not a
 * client without a user agent) that is not a speculative prefetch. Data revalidations are kept out
 * by the route's shouldRevalidate.
 */
export function shouldCountView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const headers = request.headers;
  const userAgent = headers.get("user-agent");
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => headers.get(name) ?? "").join(" ");
  return !/prefetch|prerender|preview/i.test(purpose);
}
