import { sql } from "drizzle-orm";
import { quoteRecipients, quoteRequests } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { languagesOf, renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { categoryName, LIMITS, type Region } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { recordMessageActivity, recordQuoteRequests } from "../analytics/record-listing-events.server";
import { addConversationMessage } from "../messaging/add-conversation-message.server";
import { messageLength } from "../messaging/message.schemas";
import { effectiveRole } from "../accounts/access";
import { matchBusinesses } from "./internal/matching.server";
import {
  CreateQuoteRequestSchema, QUOTE_DAILY_LIMIT, QUOTE_HOURLY_LIMIT, QUOTE_MESSAGE, QUOTE_TEXTS, QUOTE_TIMING_LABELS, placeText,
  type CreateQuoteRequestInput,
} from "./quote.schemas";

/** The text itself when it has at most `max` characters (code points, as char_length counts), else its start and '…'. */
export function cutToLength(text: string, max: number): string {
  if (messageLength(text) <= max) return text;
  return `${Array.from(text).slice(0, Math.max(max - 1, 0)).join("").trimEnd()}…`;
}

export type CreatedQuoteRequest = { requestId: string; businesses: number };

/**
 * A signed-in visitor asks for quotes (issue 37): the job described once, a category and a place. In one transaction:
 * the limits (QUOTE_HOURLY_LIMIT an hour, QUOTE_DAILY_LIMIT a day, counted from the visitor's stored requests under a
 * lock of their account row, so two tabs cannot both pass), the matching rule (ADR 43, internal/matching.server.ts),
 * the request, one quote_recipients row per chosen business, and in each business's conversation with the visitor
 * the request as a message in the owner's language with its new-message notice job (the owner's channel: WhatsApp,
 * SMS, e-mail). Nothing is stored when no business matches: the refusal says so and the form keeps the text.
 */
export async function createQuoteRequest(actor: SessionUser | null, input: CreateQuoteRequestInput): Promise<CreatedQuoteRequest> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  const parsed = CreateQuoteRequestSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "description")] ??= issue.message;
    throw new AppError("invalid", Object.values(fields)[0] ?? QUOTE_TEXTS.failed, { fields });
  }
  const request = parsed.data;
  const lga = request.lga || null;

  const outcome = await getDb().transaction(async (tx) => {
    // The account row, locked: the limits below are counted once at a time per visitor; a suspended account is refused.
    const [me] = await queryRows<{ banned: boolean | null; deleted: boolean }>(
      tx,
      sql`select u.banned, (u.deleted_at is not null) as deleted from "user" u where u.id = ${actor.id} for update of u`,
    );
    if (!me || me.banned || me.deleted) throw new AppError("forbidden", QUOTE_TEXTS.loginRequired);
    // Counted in a statement of its own, after the lock: on PostgreSQL a statement sees the rows committed when it
    // starts, so counts taken in the locking statement would miss the request of the one it waited for.
    const [counts] = await queryRows<{ hour: number; day: number }>(
      tx,
      sql`select count(*) filter (where created_at > now() - interval '1 hour')::int as hour, count(*)::int as day
          from ${quoteRequests} where requester_id = ${actor.id} and created_at > now() - interval '1 day'`,
    );
    if (Number(counts!.hour) >= QUOTE_HOURLY_LIMIT) throw new AppError("rate-limited", QUOTE_TEXTS.hourlyLimit);
    if (Number(counts!.day) >= QUOTE_DAILY_LIMIT) throw new AppError("rate-limited", QUOTE_TEXTS.dailyLimit);

    const chosen = await matchBusinesses(tx, { requesterId: actor.id, category: request.category, state: request.state as Region, lga });
    if (chosen.length === 0) throw new AppError("not-found", QUOTE_TEXTS.noMatch, { fields: { description: QUOTE_TEXTS.noMatch.text } });

    const [stored] = await tx
      .insert(quoteRequests)
      .values({
        requesterId: actor.id, description: request.description, category: request.category, state: request.state, lga,
        timing: request.timing, sharePhone: request.sharePhone,
      })
      .returning({ id: quoteRequests.id, createdAt: quoteRequests.createdAt });
    await tx.insert(quoteRecipients).values(chosen.map((b) => ({ requestId: stored!.id, businessId: b.businessId, ownerId: b.ownerId })));

    // Each owner reads the request in their own language, with the link to answer it.
    const languages = await languagesOf(tx, chosen.map((b) => b.ownerId));
    const activity: Parameters<typeof recordMessageActivity>[0][] = [];
    for (const business of chosen) {
      const language = languages.get(business.ownerId)!;
      const text = renderIn(language, (t) => {
        const heading = t(QUOTE_MESSAGE.heading, {
          category: categoryName(request.category), place: placeText(request.state, lga), when: t(QUOTE_TIMING_LABELS[request.timing]),
        });
        const link = t(QUOTE_MESSAGE.answerLink, { link: sentUrl(`/quotes/${stored!.id}`, language) });
        // The heading and link vary with the language and PUBLIC_URL: the job's text gives way so that the whole
        // stays within a message's limit (the table's check), cut with an ellipsis (the request keeps it whole).
        const room = LIMITS.messageMaxLength - messageLength(heading) - messageLength(link) - 4;
        return `${heading}\n\n${cutToLength(request.description, room)}\n\n${link}`;
      });
      const message = await addConversationMessage(tx, {
        businessId: business.businessId, visitorId: actor.id, senderId: actor.id, recipientId: business.ownerId,
        senderType: effectiveRole(actor), text,
      });
      activity.push({
        businessId: business.businessId, at: message.createdAt, fromBusiness: false,
        firstMessageAt: message.firstMessageAt, businessAnsweredBefore: message.businessAnsweredBefore,
      });
    }
    return { requestId: stored!.id, at: stored!.createdAt, chosen, activity };
  });

  // The owners' analytics (issue 18, ADR 25): a quote request received, and the conversation or message it is.
  recordQuoteRequests(outcome.chosen.map((b) => b.businessId), actor.id, outcome.at);
  for (const a of outcome.activity) recordMessageActivity(a);
  return { requestId: outcome.requestId, businesses: outcome.chosen.length };
}
