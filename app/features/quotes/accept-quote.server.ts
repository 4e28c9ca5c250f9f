import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { languageOf, renderIn } from "../../lib/i18n/sent-language.server";
import type { SessionUser } from "../accounts/session-user";
import { effectiveRole } from "../accounts/access";
import { addConversationMessage } from "../messaging/add-conversation-message.server";
import { QUOTE_MESSAGE, QUOTE_TEXTS, type QuoteRecipientStatus, type QuoteRequestStatus } from "./quote.schemas";

/**
 * The requester accepts one answer with a price (issue 37): the request is accepted, that business's row too, and the
 * other businesses' rows are closed ('the visitor chose another business' on their page). The chosen owner is told
 * in the conversation, in their language, with its notice job, in the same transaction. The conversation, which the
 * business answered, makes the visitor's review of it a 'Verified contact' (app/features/reviews).
 *
 * When either side blocked the conversation (ADR 20), the acceptance is stored but nothing is written into it.
 *
 * The visitor accepts the price they were shown (`priceKobo`, posted with the form): the answer is accepted only if
 * it still stands at that price, so an owner's change or withdrawal in the meantime is refused (QUOTE_TEXTS.quoteChanged),
 * not accepted unseen.
 */
export async function acceptQuote(
  actor: SessionUser | null,
  input: { requestId: string; recipientId: string; priceKobo: number | string },
): Promise<{ businessId: string }> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  if (!isUuid(input.requestId) || !isUuid(input.recipientId)) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  const shown = Number(input.priceKobo);
  if (!Number.isSafeInteger(shown) || shown <= 0) throw new AppError("conflict", QUOTE_TEXTS.quoteChanged);
  return getDb().transaction(async (tx) => {
    const [request] = await queryRows<{ requester_id: string; status: QuoteRequestStatus }>(
      tx,
      sql`select requester_id, status from quote_requests where id = ${input.requestId} for update`,
    );
    if (!request || request.requester_id !== actor.id) throw new AppError("not-found", QUOTE_TEXTS.notFound);
    if (request.status !== "open") throw new AppError("conflict", QUOTE_TEXTS.notOpen);
    const [chosen] = await queryRows<{ business_id: string; owner_id: string; status: QuoteRecipientStatus }>(
      tx,
      sql`select business_id, owner_id, status from quote_recipients where id = ${input.recipientId} and request_id = ${input.requestId}`,
    );
    if (!chosen) throw new AppError("not-found", QUOTE_TEXTS.notFound);
    if (chosen.status === "new") throw new AppError("conflict", QUOTE_TEXTS.cannotAccept);
    // Only the answer as the visitor saw it: an owner who changed or withdrew it since (their row's lock, then this
    // statement's re-check) leaves nothing to accept, and the refusal says so.
    const accepted = await queryRows<{ id: string }>(
      tx,
      sql`update quote_recipients set status = 'accepted'
          where id = ${input.recipientId} and status = 'answered' and price_kobo = ${shown} returning id`,
    );
    if (accepted.length === 0) throw new AppError("conflict", QUOTE_TEXTS.quoteChanged);
    await queryRows(
      tx,
      sql`with others as (update quote_recipients set status = 'closed'
              where request_id = ${input.requestId} and id <> ${input.recipientId} and status in ('new', 'answered') returning 1)
          update quote_requests set status = 'accepted', closed_at = now() where id = ${input.requestId}
          returning (select count(*) from others) as changed`,
    );
    // A blocked conversation takes nothing, either way (ADR 20): the acceptance stands, but no message or notice.
    const [blocked] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from conversation_blocks where business_id = ${chosen.business_id} and visitor_id = ${actor.id} limit 1`,
    );
    if (blocked) return { businessId: chosen.business_id };
    const language = await languageOf(tx, chosen.owner_id);
    await addConversationMessage(tx, {
      businessId: chosen.business_id, visitorId: actor.id, senderId: actor.id, recipientId: chosen.owner_id, senderType: effectiveRole(actor),
      text: renderIn(language, (t) => t(QUOTE_MESSAGE.acceptedNote)),
    });
    return { businessId: chosen.business_id };
  });
}
