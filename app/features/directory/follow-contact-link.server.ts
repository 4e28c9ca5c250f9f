import { and, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { mapsHref } from "../../lib/geo";
import { isUuid } from "../../lib/ids";
import { CONTACT_CHANNELS, type ContactChannel } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import type { CountingVisit } from "../analytics/counting";
import { recordContactAction } from "../analytics/record-listing-events.server";
import { telHref, websiteHref, whatsappHref } from "./business-links";
import { isPublicBusiness } from "./internal/public-business.server";
import { DIRECTORY_TEXTS } from "./types";

/**
 * /go/{id}/{channel} (issue 18): where a business page's call, WhatsApp, website and directions links lead,
 * counted by our server, with no JavaScript. The address is made from the public listing's own fields, so
 * the endpoint can send nobody anywhere else (no open redirect). `visit` is the request's counting visit (null when
 * it counts nothing: analytics' counting.ts); the listing's owner is never counted.
 */
export async function followContactLink(
  viewer: SessionUser | null,
  input: { businessId: string; channel: string },
  visit: CountingVisit | null,
): Promise<string> {
  const channel = CONTACT_CHANNELS.find((c) => c === input.channel);
  if (!channel || !isUuid(input.businessId)) throw new AppError("not-found", DIRECTORY_TEXTS.businessNotFound);
  const [business] = await getDb()
    .select({ id: businesses.id, phoneNumber: businesses.phoneNumber, websiteUrl: businesses.websiteUrl, latitude: businesses.latitude, longitude: businesses.longitude })
    .from(businesses)
    .where(and(eq(businesses.id, input.businessId), isPublicBusiness))
    .limit(1);
  if (!business) throw new AppError("not-found", DIRECTORY_TEXTS.businessNotFound);
  const href = contactTarget(business, channel);
  if (!href) throw new AppError("not-found", DIRECTORY_TEXTS.businessNotFound);
  if (visit) recordContactAction(business.id, channel, viewer, visit);
  return href;
}

function contactTarget(
  b: { phoneNumber: string | null; websiteUrl: string | null; latitude: number | null; longitude: number | null },
  channel: ContactChannel,
): string | null {
  switch (channel) {
    case "call":
      return telHref(b.phoneNumber);
    case "whatsapp":
      return whatsappHref(b.phoneNumber);
    case "website":
      return websiteHref(b.websiteUrl);
    case "directions":
      return b.latitude !== null && b.longitude !== null ? mapsHref({ latitude: b.latitude, longitude: b.longitude }) : null;
  }
}

