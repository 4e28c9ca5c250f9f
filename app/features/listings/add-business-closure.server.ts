import { getDb } from "../../lib/db.server";
import { AppError } from "../../lib/app-error";
import { checkClosure, OPENING_HOURS_TEXTS, type Closure } from "../../lib/opening-hours";
import { withoutBidiControls } from "../../lib/plain-text";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { businessClosures } from "../../../db/schema";
import type { SessionUser } from "../accounts/session-user";
import { lockOwnListing } from "./internal/owned-listing.server";

/**
 * An owner closes their listing for a day (a public holiday, travel), today or up to a year ahead, with an
 * optional note (plain text). Applies at once, like the weekly hours; the same day again replaces its note.
 * `now` is when the request came (injectable for tests): it decides which day is today in WAT.
 */
export async function addBusinessClosure(
  actor: SessionUser | null,
  businessId: string,
  input: { date: string; note: string },
  now = new Date(),
): Promise<Closure> {
  const checked = checkClosure({ date: input.date, note: withoutBidiControls(input.note) }, now);
  if (!checked.ok) throw new AppError("invalid", OPENING_HOURS_TEXTS.failedClosure, { fields: checked.fields });
  const { closure } = checked;
  await getDb().transaction(async (tx) => {
    await lockOwnListing(tx, actor, businessId);
    await tx
      .insert(businessClosures)
      .values({ businessId, closedOn: closure.date, note: closure.note })
      .onConflictDoUpdate({ target: [businessClosures.businessId, businessClosures.closedOn], set: { note: closure.note } });
    await announceDirectoryChange(tx, [businessId]);
  });
  return closure;
}
