import type { Db, Tx } from "../../lib/db.server";
import { publishEvents, REALTIME_TYPES } from "../../lib/realtime.server";

/**
 * Tells open pages that listings' public state changed (approved, rejected, featured, unfeatured, hidden
 * or restored by a suspension), inside the caller's transaction so the events exist only if the change does.
 */
export async function announceDirectoryChange(tx: Db | Tx, businessIds: readonly string[]): Promise<void> {
  await publishEvents(
    tx,
    businessIds.map((businessId) => ({ userId: null, type: REALTIME_TYPES.directoryChanged, payload: { businessId } })),
  );
}
