import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { QUOTE_TEXTS, type QuoteRecipientStatus, type QuoteRequestStatus } from "./quote.schemas";

export type ReceivedQuoteRequest = {
  requestId: string; businessName: string; description: string; category: string; state: string; lga: string | null;
  status: QuoteRecipientStatus; requestStatus: QuoteRequestStatus; createdAt: string;
};

/** How many of the owner's latest requests the dashboard shows. */
export const RECEIVED_QUOTES_SHOWN = 10;

/**
 * The quote requests the signed-in owner's listings received (the dashboard's 'Quote requests'): the newest
 * RECEIVED_QUOTES_SHOWN by index, new ones first, and how many still wait for an answer.
 */
export async function listReceivedQuoteRequests(actor: SessionUser | null): Promise<{ requests: ReceivedQuoteRequest[]; waiting: number }> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  const rows = await queryRows<{
    request_id: string; business_name: string; description: string; category: string; state: string; lga: string | null;
    status: QuoteRecipientStatus; request_status: QuoteRequestStatus; created_at: string | Date;
  }>(
    getDb(),
    sql`select r.request_id, b.name as business_name, q.description, q.category, q.state, q.lga, r.status, q.status as request_status, r.created_at
        from (select * from quote_recipients where owner_id = ${actor.id} order by created_at desc limit ${RECEIVED_QUOTES_SHOWN}) r
          join quote_requests q on q.id = r.request_id join businesses b on b.id = r.business_id
        order by (r.status = 'new' and q.status = 'open') desc, r.created_at desc`,
  );
  const requests = rows.map((r) => ({
    requestId: r.request_id, businessName: r.business_name, description: r.description, category: r.category, state: r.state, lga: r.lga,
    status: r.status, requestStatus: r.request_status, createdAt: new Date(r.created_at).toISOString(),
  }));
  return { requests, waiting: requests.filter((r) => r.status === "new" && r.requestStatus === "open").length };
}
