import type { Route } from "./+types/go";
import { countedVisit } from "~/features/analytics/counting-visit.server";
import { optionalUser } from "~/features/accounts/guards.server";
import { followContactLink } from "~/features/directory/follow-contact-link.server";
import { throwRouteError } from "~/lib/error-responses.server";

/**
 * GET /go/{id}/{channel} (issue 18): a business page's call, WhatsApp, website and directions links. Counts
 * the contact action (people only, never the owner) and answers 302 to the tel:, wa.me, website or maps
 * address. Not indexed, not cached: each tap is a request our server sees.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await optionalUser(request);
  let href: string;
  try {
    href = await followContactLink(viewer, { businessId: params.id, channel: params.channel }, countedVisit(request, context.clientAddress, viewer));
  } catch (error) {
    throwRouteError(error);
  }
  return new Response(null, {
    status: 302,
    headers: { Location: href, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" },
  });
}
