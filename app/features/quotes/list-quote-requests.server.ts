import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { pageWindow, toPaged, type Paged } from "../../lib/pagination";
import type { SessionUser } from "../accounts/session-user";
import { QUOTE_PAGE_SIZE, QUOTE_TEXTS, type QuoteRequestStatus } from "./quote.schemas";

export type QuoteRequestSummary = {
  id: string; description: string; category: string; state: string; lga: string | null; status: QuoteRequestStatus; createdAt: string;
  businesses: number; answers: number;
};

/** The signed-in person's own quote requests, newest first, one page (QUOTE_PAGE_SIZE) by index, with their answer counts. */
export async function listQuoteRequests(actor: SessionUser | null, page: number): Promise<Paged<QuoteRequestSummary>> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  const current = Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1;
  const { limit, offset } = pageWindow(current, QUOTE_PAGE_SIZE);
  const rows = await queryRows<{
    id: string; description: string; category: string; state: string; lga: string | null; status: QuoteRequestStatus; created_at: string | Date;
    businesses: number; answers: number;
  }>(
    getDb(),
    sql`select q.id, q.description, q.category, q.state, q.lga, q.status, q.created_at,
          (select count(*) from quote_recipients r where r.request_id = q.id)::int as businesses,
          (select count(*) from quote_recipients r where r.request_id = q.id and r.price_kobo is not null)::int as answers
        from (select * from quote_requests where requester_id = ${actor.id} order by created_at desc, id desc limit ${limit} offset ${offset}) q
        order by q.created_at desc, q.id desc`,
  );
  return toPaged(
    rows.map((r) => ({
      id: r.id, description: r.description, category: r.category, state: r.state, lga: r.lga, status: r.status,
      createdAt: new Date(r.created_at).toISOString(), businesses: Number(r.businesses), answers: Number(r.answers),
    })),
    current,
    QUOTE_PAGE_SIZE,
  );
}
