import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { hasPendingSuggestion, requireSuggestable } from "./internal/suggested-listing.server";
import { SUGGESTION_TEXTS, type CurrentListing } from "./suggestion.schemas";

export type SuggestionTarget = {
  id: string;
  /** What the listing says now: the form starts from it, and a value that is the same is refused. */
  current: CurrentListing;
  /** Nobody owns it: an approved change is applied to it (else its owner is told). */
  unclaimed: boolean;
  /** The person already has a suggestion about it waiting for an admin (one at a time). */
  pending: boolean;
};

/**
 * What /suggest/{id} shows: the public listing a change is suggested for, after the same checks as sending one (it
 * is public, and not the person's own listing: its owner edits it instead). A signed-out visitor is asked to log in.
 */
export async function getSuggestionTarget(actor: SessionUser | null, businessId: string): Promise<SuggestionTarget> {
  if (!actor) throw new AppError("unauthenticated", SUGGESTION_TEXTS.signInRequired);
  const db = getDb();
  const listing = await requireSuggestable(db, actor, businessId);
  return { id: listing.id, current: listing.current, unclaimed: listing.ownerId === null, pending: await hasPendingSuggestion(db, actor.id, listing.id) };
}
