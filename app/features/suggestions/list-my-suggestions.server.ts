import { desc, eq, sql } from "drizzle-orm";
import { businesses, listingSuggestions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import type { SuggestionKind, SuggestionOutcome, SuggestionStatus } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { isPublicBusiness } from "../directory/public-listing.server";
import { SUGGESTION_LIMITS, SUGGESTION_TEXTS } from "./suggestion.schemas";

export type MySuggestion = {
  id: string;
  kind: SuggestionKind;
  /** The business it is about: the missing one's name, or the listing's. */
  name: string;
  /** The listing to open (the one changed, or the one added), when it is public. */
  href: string | null;
  status: SuggestionStatus;
  outcome: SuggestionOutcome | null;
  /** Why it was not used. */
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

/** The signed-in person's own suggestions, newest first (the last SUGGESTION_LIMITS.mineShown), with each one's state. */
export async function listMySuggestions(actor: SessionUser | null): Promise<MySuggestion[]> {
  if (!actor) throw new AppError("unauthenticated", SUGGESTION_TEXTS.signInRequired);
  const listingId = sql`coalesce(${listingSuggestions.createdBusinessId}, ${listingSuggestions.businessId})`;
  const rows = await getDb()
    .select({
      id: listingSuggestions.id,
      kind: listingSuggestions.kind,
      payloadName: sql<string | null>`${listingSuggestions.payload}->>'name'`,
      listingName: businesses.name,
      listingId: businesses.id,
      isPublic: sql<boolean>`coalesce(${isPublicBusiness}, false)`.mapWith(Boolean),
      status: listingSuggestions.status,
      outcome: listingSuggestions.outcome,
      reason: listingSuggestions.reason,
      createdAt: listingSuggestions.createdAt,
      decidedAt: listingSuggestions.decidedAt,
    })
    .from(listingSuggestions)
    .leftJoin(businesses, sql`${businesses.id} = ${listingId}`)
    .where(eq(listingSuggestions.userId, actor.id))
    .orderBy(desc(listingSuggestions.createdAt), desc(listingSuggestions.id))
    .limit(SUGGESTION_LIMITS.mineShown);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SuggestionKind,
    // A missing business is named as suggested; a change by the listing it is about (as it is now).
    name: (row.kind === "missing" ? row.payloadName : row.listingName) ?? row.payloadName ?? t("A listing that was removed"),
    href: row.listingId && row.isPublic ? `/businesses/${row.listingId}` : null,
    status: row.status as SuggestionStatus,
    outcome: (row.outcome as SuggestionOutcome | null) ?? null,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  }));
}
