import { isbot } from "isbot";

/**
 * True when a request is a page view worth counting: a GET from a browser (not a crawler, not a
 * client without a user agent) that is not a speculative prefetch. Data revalidations are kept out
 * by the route's shouldRevalidate. A reader page shown from our own prefetch (which was not counted) reports
 * itself with a HEAD of its address from the page (app/enhance/prefetch.ts): counted when it comes from our
 * own origin's script, never a HEAD from elsewhere.
 */
export function shouldCountView(request: Request): boolean {
  const headers = request.headers;
  if (request.method === "HEAD") {
    if (headers.get("sec-fetch-dest") !== "empty" || headers.get("sec-fetch-site") !== "same-origin") return false;
  } else if (request.method !== "GET") return false;
  const userAgent = headers.get("user-agent");
  if (!userAgent || isBotAgent(userAgent)) return false;
  const purpose = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => headers.get(name) ?? "").join(" ");
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  // Only what a person opens: a page (from anywhere: a link in WhatsApp or a search engine) or our own pages'
  // data requests. An image, script or frame pointing at us from another site (`<img src=/go/…/call>`) is not
  // a visit. Browsers without Fetch Metadata are counted as before.
  const dest = headers.get("sec-fetch-dest");
  if (!dest || dest === "document") return true;
  return dest === "empty" && headers.get("sec-fetch-site") === "same-origin";
}

const botAnswers = new Map<string, boolean>();

/** isbot's answer, remembered per user agent (a few hundred agents make most traffic; its pattern is long). */
function isBotAgent(userAgent: string): boolean {
  let answer = botAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    if (botAnswers.size >= 1000) botAnswers.clear();
    botAnswers.set(userAgent, answer);
  }
  return answer;
}
