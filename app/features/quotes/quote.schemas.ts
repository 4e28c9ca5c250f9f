import { msg, t } from "~/lib/i18n/i18n";
import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import { LGAS_BY_STATE } from "../../lib/nigeria-lgas";
import { CATEGORIES, REGIONS, type Region } from "../../lib/reference";
import { messageLength, sanitizeMessage } from "../messaging/message.schemas";

/**
 * Request a quote (issue 37, ADR 43): what a visitor writes, the limits, the texts. Client-safe: the form and the
 * use cases share them.
 */

/** The job's text, cleaned like a message (it becomes the first message of each conversation). */
export const QUOTE_TEXT_MIN = 10;
/** Short enough that the conversation's first message (a heading line, the text and the answer link) stays under 1,000. */
export const QUOTE_TEXT_MAX = 800;
/** The owner's message with their price. */
export const QUOTE_ANSWER_MAX = 800;
/** Up to this many businesses get one request (ADR 43). */
export const QUOTE_MAX_BUSINESSES = 5;
/** At most this many requests per visitor in an hour and in a day. */
export const QUOTE_HOURLY_LIMIT = 3;
export const QUOTE_DAILY_LIMIT = 10;
/** The highest price an owner may quote, in naira (₦1 billion). */
export const QUOTE_MAX_NAIRA = 1_000_000_000;
/** The visitor's list, per page. */
export const QUOTE_PAGE_SIZE = 20;

export const QUOTE_TIMINGS = ["asap", "this-week", "this-month", "flexible"] as const;
export type QuoteTiming = (typeof QUOTE_TIMINGS)[number];
export const QUOTE_TIMING_LABELS: Record<QuoteTiming, string> = {
  asap: msg("As soon as possible"),
  "this-week": msg("This week"),
  "this-month": msg("This month"),
  flexible: msg("I'm flexible"),
};

export type QuoteRequestStatus = "open" | "accepted" | "cancelled";
export type QuoteRecipientStatus = "new" | "answered" | "declined" | "accepted" | "closed";

export const QUOTE_STATUS_LABELS: Record<QuoteRequestStatus, string> = {
  open: msg("Open"),
  accepted: msg("Accepted"),
  cancelled: msg("Cancelled"),
};
export const QUOTE_ANSWER_STATUS_LABELS: Record<QuoteRecipientStatus, string> = {
  new: msg("Waiting for an answer"),
  answered: msg("Quote sent"),
  declined: msg("Declined"),
  accepted: msg("Accepted"),
  closed: msg("Closed: the visitor chose another business"),
};

export const QUOTE_TEXTS = {
  pageTitle: msg("Request a quote"),
  listTitle: msg("My quote requests"),
  link: msg("Request a quote"),
  loginRequired: { title: msg("Log in to request a quote"), text: msg("Log in to request a quote from businesses.") },
  failed: msg("Your request could not be sent. Please try again."),
  textLength: msg("Describe the job in 10 to 800 characters."),
  categoryRequired: msg("Choose a category."),
  stateRequired: msg("Choose a state."),
  lgaInvalid: msg("Choose an LGA of the state, or leave it empty."),
  timingInvalid: msg("Choose when you need it."),
  hourlyLimit: msg("You can send 3 quote requests an hour. Please try again later."),
  dailyLimit: msg("You can send 10 quote requests a day. Please try again tomorrow."),
  noMatch: {
    title: msg("No business to ask yet"),
    text: msg("No business of this category in this place can receive requests right now. Try another LGA, the whole state or a nearby state: your text is kept."),
  },
  notFound: msg("This quote request does not exist or is not yours."),
  notOpen: msg("This request is closed."),
  accepted: msg("You accepted this quote. You can review the business after the job."),
  cancelled: msg("Your request was cancelled."),
  answerSent: msg("Your quote was sent."),
  declined: msg("You declined this request."),
  priceInvalid: msg("Enter a price in naira, for example 15000."),
  answerLength: msg("Write a message of 1 to 800 characters."),
  alreadyAccepted: msg("The visitor already accepted this quote: it can no longer be changed."),
  cannotAccept: msg("Only an answer with a price can be accepted."),
  quoteChanged: msg("This business changed its quote. Look at it again before you accept."),
  answerRateLimited: msg("You have sent many quotes in a short time. Please try again later."),
} as const;

/** The first message of each conversation, as the owner reads it (in their language). */
export const QUOTE_MESSAGE = {
  heading: msg("Quote request: {{category}} in {{place}}, {{when}}"),
  answerLink: msg("Answer with your price: {{link}}"),
  quote: msg("Quote: {{price}}"),
  acceptedNote: msg("I accept your quote. Let's talk about the details here."),
} as const;

/** The form's 'sent to N businesses' with its plural. */
export const sentText = (count: number) => t("Your request was sent to {{count}} business. You will be told when they answer.", { count });

const categories = CATEGORIES as readonly string[];
const regions = REGIONS as readonly string[];

export const CreateQuoteRequestSchema = z
  .object({
    description: z
      .string()
      .max(20_000)
      .transform((value) => sanitizeMessage(value))
      .refine((value) => messageLength(value) >= QUOTE_TEXT_MIN && messageLength(value) <= QUOTE_TEXT_MAX, { message: QUOTE_TEXTS.textLength }),
    category: z.string().refine((value) => categories.includes(value), { message: QUOTE_TEXTS.categoryRequired }),
    state: z.string().refine((value) => regions.includes(value), { message: QUOTE_TEXTS.stateRequired }),
    lga: z.string().max(100).optional().default(""),
    timing: z.enum(QUOTE_TIMINGS, { message: QUOTE_TEXTS.timingInvalid }).default("flexible"),
    sharePhone: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.lga && regions.includes(value.state) && !LGAS_BY_STATE[value.state as Region].includes(value.lga)) {
      ctx.addIssue({ code: "custom", path: ["lga"], message: QUOTE_TEXTS.lgaInvalid });
    }
  });
export type CreateQuoteRequestInput = z.input<typeof CreateQuoteRequestSchema>;

/** '15000', '15,000', '₦15,000.50' → kobo; null when it is not a price from ₦1 to QUOTE_MAX_NAIRA. */
export function nairaToKobo(raw: string): number | null {
  const cleaned = raw.replace(/[₦,\s]/g, "").replace(/^NGN/i, "");
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (kobo < 100 || kobo > QUOTE_MAX_NAIRA * 100) return null;
  return kobo;
}

export const AnswerQuoteSchema = z.object({
  recipientId: IdSchema,
  price: z.string().max(40),
  message: z.string().max(20_000),
});
export type AnswerQuoteInput = z.input<typeof AnswerQuoteSchema>;

/** The place as people read it: 'Ikeja, Lagos' or 'Lagos'. */
export function placeText(state: string, lga: string | null): string {
  return lga ? `${lga}, ${state}` : state;
}
