import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { chatHref } from "../messaging/message.schemas";
import { QUOTE_TEXTS, type QuoteRecipientStatus, type QuoteRequestStatus, type QuoteTiming } from "./quote.schemas";

export type QuoteAnswerView = {
  recipientId: string;
  businessId: string;
  businessName: string;
  status: QuoteRecipientStatus;
  priceKobo: number | null;
  answer: string | null;
  /** Seconds from the request to the answer. */
  responseSeconds: number | null;
  /** The conversation with this business, as the viewer opens it. */
  chatHref: string;
};

export type QuoteRequestView = {
  id: string;
  /** requester: the visitor's own; owner: a request one of the viewer's listings received; admin: someone else's. */
  viewerRole: "requester" | "owner" | "admin";
  description: string;
  category: string;
  state: string;
  lga: string | null;
  timing: QuoteTiming;
  status: QuoteRequestStatus;
  createdAt: string;
  requesterName: string;
  /** The visitor's phone number: only for the chosen businesses' owners, and only when the visitor chose to share it. */
  requesterPhone: string | null;
  /** The requester and admins: every chosen business; an owner: only their own listings' rows. */
  answers: QuoteAnswerView[];
};

/**
 * One quote request (issue 37). Only its requester reads it with every answer; the owner of a business it was sent
 * to reads the request and their own answer (never the other businesses'), with the visitor's phone number only when
 * the visitor chose to share it; an admin with two-factor on reads it like the requester. Anyone else: not found.
 */
export async function getQuoteRequest(actor: SessionUser | null, id: string): Promise<QuoteRequestView> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  if (!isUuid(id)) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  const [request] = await queryRows<{
    id: string; requester_id: string; description: string; category: string; state: string; lga: string | null; timing: QuoteTiming;
    status: QuoteRequestStatus; created_at: string | Date; share_phone: boolean; first_name: string | null; last_name: string | null; phone: string | null;
  }>(
    getDb(),
    sql`select q.id, q.requester_id, q.description, q.category, q.state, q.lga, q.timing, q.status, q.created_at, q.share_phone,
          p.first_name, p.last_name, p.phone
        from quote_requests q left join profiles p on p.id = q.requester_id where q.id = ${id}`,
  );
  if (!request) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  const isRequester = request.requester_id === actor.id;
  const rows = await queryRows<{
    id: string; business_id: string; business_name: string; owner_id: string; status: QuoteRecipientStatus; price_kobo: number | string | null;
    answer: string | null; response_seconds: number | null;
  }>(
    getDb(),
    sql`select r.id, r.business_id, b.name as business_name, r.owner_id, r.status, r.price_kobo, r.answer,
          extract(epoch from (r.answered_at - q.created_at))::int as response_seconds
        from quote_recipients r join quote_requests q on q.id = r.request_id join businesses b on b.id = r.business_id
        where r.request_id = ${id}
        order by (r.price_kobo is null), r.answered_at, r.created_at`,
  );
  const own = rows.filter((r) => r.owner_id === actor.id);
  let viewerRole: QuoteRequestView["viewerRole"];
  if (isRequester) viewerRole = "requester";
  else if (own.length > 0) viewerRole = "owner";
  else if (hasAdminAccess(actor)) viewerRole = "admin";
  else throw new AppError("not-found", QUOTE_TEXTS.notFound);

  const shown = viewerRole === "owner" ? own : rows;
  const name = [request.first_name, request.last_name].filter(Boolean).join(" ").trim();
  return {
    id: request.id, viewerRole, description: request.description, category: request.category, state: request.state, lga: request.lga,
    timing: request.timing, status: request.status, createdAt: new Date(request.created_at).toISOString(),
    requesterName: name || "—",
    requesterPhone: viewerRole === "owner" && request.share_phone ? request.phone : null,
    answers: shown.map((r) => ({
      recipientId: r.id, businessId: r.business_id, businessName: r.business_name, status: r.status,
      priceKobo: r.price_kobo === null ? null : Number(r.price_kobo), answer: r.answer,
      responseSeconds: r.response_seconds === null ? null : Number(r.response_seconds),
      chatHref: chatHref({ businessId: r.business_id, businessName: r.business_name, visitorId: request.requester_id, viewerId: actor.id }),
    })),
  };
}
