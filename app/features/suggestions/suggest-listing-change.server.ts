import { sql } from "drizzle-orm";
import { listingSuggestions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { requireSuggestable } from "./internal/suggested-listing.server";
import { suggestionLimitKey } from "./suggest-missing-business.server";
import { checkChange, SUGGESTION_LIMITS, SUGGESTION_TEXTS, type ChangeInput } from "./suggestion.schemas";

/**
 * A signed-in person suggests a change to a public listing that is not theirs: 'Something is wrong' (new values for
 * the fields they choose among name, phone, address, category and hours, each different from what the listing says),
 * 'It has closed', or 'It has moved' (the new state and LGA, and the address when known); a note is optional. One
 * suggestion per person and listing waits at a time (the partial unique index decides, so two tabs at once cannot
 * both add one), and at most SUGGESTION_LIMITS.perDay a day.
 */
export async function suggestListingChange(actor: SessionUser | null, input: ChangeInput & { businessId: string }): Promise<{ suggestionId: string }> {
  if (!actor) throw new AppError("unauthenticated", SUGGESTION_TEXTS.signInRequired);
  const db = getDb();
  const listing = await requireSuggestable(db, actor, input.businessId);
  const checked = checkChange(input, listing.current);
  if (!checked.ok) throw new AppError("invalid", SUGGESTION_TEXTS.correctFields, { fields: checked.fields });
  const key = suggestionLimitKey(actor.id);
  const limit = await hitRateLimit(key, SUGGESTION_LIMITS.perDay, SUGGESTION_LIMITS.windowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", SUGGESTION_TEXTS.rateLimited);
  const { kind, payload, note } = checked.change;
  const [row] = await db
    .insert(listingSuggestions)
    .values({ userId: actor.id, businessId: listing.id, kind, payload, note })
    .onConflictDoNothing({ target: [listingSuggestions.userId, listingSuggestions.businessId], where: sql`status = 'pending' and business_id is not null` })
    .returning({ id: listingSuggestions.id });
  if (!row) {
    // Not a suggestion sent: it does not count against the day's.
    await refundRateLimit(key);
    throw new AppError("conflict", SUGGESTION_TEXTS.alreadyPending);
  }
  return { suggestionId: row.id };
}
