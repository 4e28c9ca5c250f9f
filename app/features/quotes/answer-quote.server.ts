import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows, type Tx } from "../../lib/db.server";
import { formatNaira } from "../../lib/format";
import { languageOf, renderIn } from "../../lib/i18n/sent-language.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { recordMessageActivity } from "../analytics/record-listing-events.server";
import { addConversationMessage } from "../messaging/add-conversation-message.server";
import { BLOCK_TEXTS, messageLength, sanitizeMessage } from "../messaging/message.schemas";
import { AnswerQuoteSchema, nairaToKobo, QUOTE_ANSWER_MAX, QUOTE_MESSAGE, QUOTE_TEXTS, type AnswerQuoteInput, type QuoteRecipientStatus, type QuoteRequestStatus } from "./quote.schemas";

/** Answers (and edits of answers) per owner per hour: each one is also a message to the visitor. */
export const QUOTE_ANSWER_HOURLY_LIMIT = 20;

type LockedRecipient = {
  id: string; request_id: string; business_id: string; business_owner: string | null; owner_id: string; status: QuoteRecipientStatus;
  request_status: QuoteRequestStatus; requester_id: string; blocks: string | null; price_kobo: number | string | null; answer: string | null;
};

/**
 * The chosen business's row of a request, locked, for its owner: anyone else (or a listing that changed hands) reads
 * 'not found'. Shared by answering and declining.
 */
export async function lockOwnRecipient(tx: Tx, actor: SessionUser, recipientId: string): Promise<LockedRecipient> {
  const [row] = await queryRows<LockedRecipient>(
    tx,
    sql`select r.id, r.request_id, r.business_id, b.user_id as business_owner, r.owner_id, r.status, q.status as request_status, q.requester_id,
          r.price_kobo, r.answer,
          (select string_agg(cb.blocked_by, ',') from conversation_blocks cb where cb.business_id = r.business_id and cb.visitor_id = q.requester_id) as blocks
        from quote_recipients r join quote_requests q on q.id = r.request_id join businesses b on b.id = r.business_id
        where r.id = ${recipientId} for update of r`,
  );
  if (!row || row.owner_id !== actor.id || row.business_owner !== actor.id) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  if (row.status === "accepted") throw new AppError("conflict", QUOTE_TEXTS.alreadyAccepted);
  if (row.request_status !== "open" || row.status === "closed") throw new AppError("conflict", QUOTE_TEXTS.notOpen);
  return row;
}

/**
 * The owner of a chosen business answers a quote request with a price (naira, stored in kobo) and a message (issue
 * 37), or changes their answer until the visitor accepts it: one answer per business and request. The answer also
 * goes to the visitor as a message in the conversation, in the visitor's language, with its notice job, in the same
 * transaction (its notice throttled as any message's). An edit that changes neither price nor text writes nothing. A
 * blocked conversation takes nothing.
 */
export async function answerQuote(actor: SessionUser | null, input: AnswerQuoteInput): Promise<{ requestId: string }> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  const parsed = AnswerQuoteSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  const priceKobo = nairaToKobo(parsed.data.price);
  const answer = sanitizeMessage(parsed.data.message);
  const fields: Record<string, string> = {};
  if (priceKobo === null) fields.price = QUOTE_TEXTS.priceInvalid;
  if (messageLength(answer) < 1 || messageLength(answer) > QUOTE_ANSWER_MAX) fields.message = QUOTE_TEXTS.answerLength;
  if (Object.keys(fields).length > 0) throw new AppError("invalid", Object.values(fields)[0]!, { fields });

  // Counted before the transaction (the counter has its own statement: on PGlite nothing may wait for the open one).
  const limit = await hitRateLimit(`quote-answer:${actor.id}`, QUOTE_ANSWER_HOURLY_LIMIT, 3600);
  if (!limit.allowed) throw new AppError("rate-limited", QUOTE_TEXTS.answerRateLimited);
  const outcome = await getDb().transaction(async (tx) => {
    const row = await lockOwnRecipient(tx, actor, parsed.data.recipientId);
    const blocks = new Set((row.blocks ?? "").split(",").filter(Boolean));
    if (blocks.has("business")) throw new AppError("forbidden", BLOCK_TEXTS.youBlocked);
    if (blocks.has("visitor")) throw new AppError("forbidden", BLOCK_TEXTS.businessBlocked);
    // An edit that changes neither the price nor the text is no news: nothing written, nobody told.
    if (row.status === "answered" && row.price_kobo !== null && Number(row.price_kobo) === priceKobo && row.answer === answer) {
      return { requestId: row.request_id, businessId: row.business_id, message: null };
    }
    await queryRows(
      tx,
      sql`update quote_recipients set status = 'answered', price_kobo = ${priceKobo}, answer = ${answer}, answered_at = coalesce(answered_at, now())
          where id = ${row.id} returning id`,
    );
    const language = await languageOf(tx, row.requester_id);
    const text = renderIn(language, (t) => `${t(QUOTE_MESSAGE.quote, { price: formatNaira(priceKobo!) })}\n\n${answer}`);
    const message = await addConversationMessage(tx, {
      businessId: row.business_id, visitorId: row.requester_id, senderId: actor.id, recipientId: row.requester_id, senderType: "business", text,
    });
    return { requestId: row.request_id, businessId: row.business_id, message };
  });
  if (!outcome.message) return { requestId: outcome.requestId };
  recordMessageActivity({
    businessId: outcome.businessId, at: outcome.message.createdAt, fromBusiness: true,
    firstMessageAt: outcome.message.firstMessageAt, businessAnsweredBefore: outcome.message.businessAnsweredBefore,
  });
  return { requestId: outcome.requestId };
}
