import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { QUOTE_TEXTS, type QuoteRequestStatus } from "./quote.schemas";

/** The requester withdraws an open request: it is cancelled and the businesses' rows still open are closed. */
export async function cancelQuoteRequest(actor: SessionUser | null, requestId: string): Promise<void> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  if (!isUuid(requestId)) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  await getDb().transaction(async (tx) => {
    const [request] = await queryRows<{ requester_id: string; status: QuoteRequestStatus }>(
      tx,
      sql`select requester_id, status from quote_requests where id = ${requestId} for update`,
    );
    if (!request || request.requester_id !== actor.id) throw new AppError("not-found", QUOTE_TEXTS.notFound);
    if (request.status !== "open") throw new AppError("conflict", QUOTE_TEXTS.notOpen);
    await queryRows(
      tx,
      sql`with closed as (update quote_recipients set status = 'closed' where request_id = ${requestId} and status in ('new', 'answered') returning 1)
          update quote_requests set status = 'cancelled', closed_at = now() where id = ${requestId}
          returning (select count(*) from closed) as closed`,
    );
  });
}
