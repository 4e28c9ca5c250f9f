import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/quote";
import { SITE_NAME } from "~/components/site";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { requireUser } from "~/features/accounts/guards.server";
import { acceptQuote } from "~/features/quotes/accept-quote.server";
import { answerQuote } from "~/features/quotes/answer-quote.server";
import { cancelQuoteRequest } from "~/features/quotes/cancel-quote-request.server";
import { declineQuote } from "~/features/quotes/decline-quote.server";
import { getQuoteRequest, type QuoteAnswerView, type QuoteRequestView } from "~/features/quotes/get-quote-request.server";
import {
  placeText, QUOTE_ANSWER_MAX, QUOTE_ANSWER_STATUS_LABELS, QUOTE_STATUS_LABELS, QUOTE_TEXTS, QUOTE_TIMING_LABELS,
} from "~/features/quotes/quote.schemas";
import { failureData, refusalData } from "~/lib/error-responses.server";
import { formatDate, formatNaira } from "~/lib/format";
import { formText } from "~/lib/form-fields";
import { msg, t } from "~/lib/i18n/i18n";
import { categoryName } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: `${t(QUOTE_TEXTS.pageTitle)} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const SIGNED_IN = ["visitor", "business", "admin"] as const;

/** What each finished action says on the page it lands on. */
const DONE = {
  answered: QUOTE_TEXTS.answerSent,
  declined: QUOTE_TEXTS.declined,
  accepted: QUOTE_TEXTS.accepted,
  cancelled: QUOTE_TEXTS.cancelled,
} as const;
type Done = keyof typeof DONE;

/** /quotes/{id}: the requester's answers side by side, or a chosen business owner's request and their quote form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  try {
    const quote = await getQuoteRequest(user, params.id);
    return { ok: true as const, quote, done: done && done in DONE ? (done as Done) : null };
  } catch (error) {
    return failureData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const recipientId = formText(form, "recipientId");
  const typed = { recipientId, price: formText(form, "price"), message: formText(form, "message") };
  const keep = { intent, typed };
  try {
    let done: Done;
    if (intent === "answer") {
      await answerQuote(user, typed);
      done = "answered";
    } else if (intent === "decline") {
      await declineQuote(user, recipientId);
      done = "declined";
    } else if (intent === "accept") {
      await acceptQuote(user, { requestId: params.id, recipientId, priceKobo: formText(form, "priceKobo") });
      done = "accepted";
    } else if (intent === "cancel") {
      await cancelQuoteRequest(user, params.id);
      done = "cancelled";
    } else {
      return refusalData("invalid", QUOTE_TEXTS.failed, { keep });
    }
    throw redirect(`/quotes/${params.id}?done=${done}`);
  } catch (error) {
    return failureData(error, { fallback: QUOTE_TEXTS.failed, keep });
  }
}

/** '35 minutes', '3 hours', '2 days' after the request. */
function responseText(seconds: number): string {
  if (seconds < 3600) return t("Answered after {{count}} minute", { count: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 48 * 3600) return t("Answered after {{count}} hour", { count: Math.round(seconds / 3600) });
  return t("Answered after {{count}} day", { count: Math.round(seconds / 86400) });
}

const ROLE_HEADINGS = { requester: msg("Your quote request"), owner: msg("Quote request for your business"), admin: msg("Quote request") } as const;

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <div className="page max-w-2xl space-y-5">
        <h1 className="title">{t(QUOTE_TEXTS.pageTitle)}</h1>
        <FailureAlert failure={loaderData.failure} />
      </div>
    );
  }
  const { quote, done } = loaderData;
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  return (
    <div className="page max-w-5xl space-y-5">
      <div>
        <p className="text-sm text-gray-500">{t(ROLE_HEADINGS[quote.viewerRole])}</p>
        <h1 className="title">
          {categoryName(quote.category)} · {placeText(quote.state, quote.lga)}
        </h1>
        <p className="mt-1 text-sm text-gray-600">
          {t(QUOTE_STATUS_LABELS[quote.status])} · {t(QUOTE_TIMING_LABELS[quote.timing])} · {formatDate(quote.createdAt)}
        </p>
      </div>
      {done ? <Alert tone="success">{t(DONE[done])}</Alert> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      <section className="card space-y-2 p-4" aria-labelledby="quote-job">
        <h2 id="quote-job" className="font-semibold">
          {t("The job")}
        </h2>
        <p className="whitespace-pre-wrap break-words">{quote.description}</p>
        {quote.viewerRole === "owner" ? <RequesterContact quote={quote} /> : null}
      </section>
      {quote.viewerRole === "owner" ? (
        <OwnerAnswers quote={quote} typed={actionData && !actionData.ok && "typed" in actionData ? actionData.typed : null} />
      ) : (
        <RequesterAnswers quote={quote} />
      )}
      {quote.viewerRole === "requester" ? (
        <p>
          <Link to="/quotes" className="link">
            {t(QUOTE_TEXTS.listTitle)}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function RequesterContact({ quote }: { quote: QuoteRequestView }) {
  return (
    <p className="text-sm text-gray-700">
      {t("From {{name}}", { name: quote.requesterName })}
      {" · "}
      {quote.requesterPhone ? (
        <a href={`tel:${quote.requesterPhone}`} className="link">
          {quote.requesterPhone}
        </a>
      ) : (
        t("The visitor did not share their phone number: answer here or in the chat.")
      )}
    </p>
  );
}

function RequesterAnswers({ quote }: { quote: QuoteRequestView }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = quote.viewerRole === "requester";
  const open = quote.status === "open";
  return (
    <section className="space-y-3" aria-labelledby="quote-answers">
      <h2 id="quote-answers" className="text-lg font-semibold">
        {t("Answers")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {quote.answers.map((a) => (
          <li key={a.recipientId} className="card flex flex-col gap-2 p-4" data-testid="quote-answer">
            <Link to={`/businesses/${a.businessId}`} className="link font-semibold">
              {a.businessName}
            </Link>
            <p className="text-sm text-gray-500">{t(QUOTE_ANSWER_STATUS_LABELS[a.status])}</p>
            {a.priceKobo !== null ? <p className="text-2xl font-bold">{formatNaira(a.priceKobo)}</p> : null}
            {a.answer ? <p className="whitespace-pre-wrap break-words text-sm">{a.answer}</p> : null}
            {a.responseSeconds !== null ? <p className="text-xs text-gray-500">{responseText(a.responseSeconds)}</p> : null}
            <div className="mt-auto flex flex-wrap gap-3 text-sm">
              <Link to={a.chatHref} className="link">
                {t("Open the chat")}
              </Link>
              {mine && a.status === "accepted" ? (
                <Link to={`/businesses/${a.businessId}#reviews`} className="link">
                  {t("Review this business")}
                </Link>
              ) : null}
            </div>
            {mine && open && a.status === "answered" ? <AcceptButton answer={a} busy={busy} /> : null}
          </li>
        ))}
      </ul>
      {mine && open ? (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="outline" disabled={busy}>
            {t("Cancel this request")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function AcceptButton({ answer, busy }: { answer: QuoteAnswerView; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="recipientId" value={answer.recipientId} />
      {/* The price the visitor sees: the quote is accepted only at this price (an owner's change since is refused). */}
      <input type="hidden" name="priceKobo" value={answer.priceKobo ?? ""} />
      <Button type="submit" disabled={busy} full aria-label={t("Accept the quote of {{business}}", { business: answer.businessName })}>
        {t("Accept")}
      </Button>
    </Form>
  );
}

function OwnerAnswers({ quote, typed }: { quote: QuoteRequestView; typed: { recipientId: string; price: string; message: string } | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="space-y-3" aria-labelledby="quote-your-answer">
      <h2 id="quote-your-answer" className="text-lg font-semibold">
        {t("Your quote")}
      </h2>
      {quote.answers.map((a) => {
        const editable = quote.status === "open" && a.status !== "accepted" && a.status !== "closed";
        const mine = typed?.recipientId === a.recipientId ? typed : null;
        return (
          <div key={a.recipientId} className="card space-y-3 p-4">
            <p className="font-semibold">{a.businessName}</p>
            <p className="text-sm text-gray-500">{t(QUOTE_ANSWER_STATUS_LABELS[a.status])}</p>
            {a.priceKobo !== null ? <p className="text-xl font-bold">{formatNaira(a.priceKobo)}</p> : null}
            {editable ? (
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="recipientId" value={a.recipientId} />
                <TextField
                  id={`quote-price-${a.recipientId}`}
                  label={t("Your price (₦)")}
                  name="price"
                  inputMode="decimal"
                  required
                  defaultValue={mine?.price ?? (a.priceKobo !== null ? String(a.priceKobo / 100) : "")}
                />
                <TextAreaField
                  id={`quote-message-${a.recipientId}`}
                  label={t("Message")}
                  name="message"
                  rows={4}
                  required
                  maxLength={QUOTE_ANSWER_MAX}
                  defaultValue={mine?.message ?? a.answer ?? ""}
                  hint={t("What the price includes, when you can do it.")}
                />
                <Button type="submit" disabled={busy}>
                  {a.priceKobo !== null ? t("Update quote") : t("Send quote")}
                </Button>
              </Form>
            ) : a.answer ? (
              <p className="whitespace-pre-wrap break-words text-sm">{a.answer}</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <Link to={a.chatHref} className="link">
                {t("Open the chat")}
              </Link>
              {editable && a.status !== "declined" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="decline" />
                  <input type="hidden" name="recipientId" value={a.recipientId} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    {t("Decline")}
                  </Button>
                </Form>
              ) : null}
            </div>
          </div>
        );
      })}
    </section>
  );
}
