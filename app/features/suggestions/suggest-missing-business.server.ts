import { listingSuggestions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { findSimilarListings, type SimilarListing } from "../directory/similar-listings.server";
import { checkMissingBusiness, SUGGESTION_LIMITS, SUGGESTION_TEXTS, type MissingBusinessInput } from "./suggestion.schemas";

export type MissingBusinessOutcome = { status: "similar"; similar: SimilarListing[] } | { status: "sent"; suggestionId: string };

/** The shared counter of one account's suggestions a day (app/lib/rate-limit.server.ts). */
export const suggestionLimitKey = (userId: string) => `suggestion:${userId}`;

/**
 * A signed-in person suggests a business missing from the directory: name, category, state and LGA, and optionally its
 * street address, phone number and a note. Before anything is saved, listings that may be the same place (the
 * importer's check: the same phone number, or a very similar name in the same state and LGA) are answered instead
 * ('Is it one of these?'), unless the person said it is a different business. At most SUGGESTION_LIMITS.perDay a day.
 */
export async function suggestMissingBusiness(actor: SessionUser | null, input: MissingBusinessInput): Promise<MissingBusinessOutcome> {
  if (!actor) throw new AppError("unauthenticated", SUGGESTION_TEXTS.signInRequired);
  const checked = checkMissingBusiness(input);
  if (!checked.ok) throw new AppError("invalid", SUGGESTION_TEXTS.correctFields, { fields: checked.fields });
  const { payload, note } = checked;
  if (!input.notDuplicate) {
    const similar = await findSimilarListings({ name: payload.name, phone: payload.phone, state: payload.state, lga: payload.lga });
    if (similar.length > 0) return { status: "similar", similar };
  }
  const limit = await hitRateLimit(suggestionLimitKey(actor.id), SUGGESTION_LIMITS.perDay, SUGGESTION_LIMITS.windowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", SUGGESTION_TEXTS.rateLimited);
  const [row] = await getDb().insert(listingSuggestions).values({ userId: actor.id, kind: "missing", payload, note }).returning({ id: listingSuggestions.id });
  return { status: "sent", suggestionId: row!.id };
}
