import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { categoryName } from "~/lib/reference";
import type { Route } from "./+types/business-claim";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { fieldClass, Required, SelectField, TextAreaField } from "~/components/ui/field";
import { SmsCodeField } from "~/features/accounts/components/phone-sign-in";
import { requireUser } from "~/features/accounts/guards.server";
import { claimByDocument, getClaimPage, type ClaimPage } from "~/features/listings/claim-by-document.server";
import { CLAIM_DOCUMENT_OPTIONS, CLAIM_DOCUMENT_TEXTS, CLAIM_NOTE_MAX_LENGTH, CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import { claimListing, requestClaimCode } from "~/features/listings/claim-listing.server";
import { withdrawClaim } from "~/features/listings/withdraw-claim.server";
import { AppError, appErrorCode, type Failure } from "~/lib/app-error";
import { describeError, failureData } from "~/lib/error-responses.server";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Claim a business – Naija Directory") }, { name: "robots", content: "noindex" }];

/**
 * /business/claim/:id (issue 34, ADR 38). An unclaimed imported listing: a code sent to its phone, or — the listing has
 * no phone, or 'I no longer have this number' — a document and a note an admin reviews. Another owner's listing: 'Is
 * this your business? Ask us to review it' with the same form. A claim waiting for review is shown, with Withdraw.
 * Signed out: to /login and back. A visitor's account is told it needs a business account; a listing that cannot be
 * claimed says so; the owner's own listing says it is theirs. Once the code is sent the page is `?code=sent`: the
 * code step lives in the address, so a live refresh of the page's data (a notice arriving) cannot take it away.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business", "visitor", "admin"]);
  try {
    const page = await getClaimPage(user, params.id);
    const codeSent = new URL(request.url).searchParams.get("code") === "sent" && page.mode === "claim" && page.listing.phone;
    return { page, refusal: null, sent: codeSent ? { phone: page.listing.phone!, byCall: page.listing.byCall } : null };
  } catch (error) {
    const code = appErrorCode(error);
    if (code === "forbidden" || code === "not-found" || code === "conflict") return { page: null, refusal: describeError(error).failure, sent: null };
    throw error;
  }
}

type Sent = { phone: string; byCall: boolean } | null;
/** What a refused claim by document keeps: what was typed and chosen (the file must be chosen again). */
type Typed = { documentKind: string; note: string };
const NOTHING_TYPED: Typed = { documentKind: "", note: "" };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, ["business", "visitor", "admin"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "send-code") {
    try {
      await requestClaimCode(user, { businessId: params.id }, { clientAddress: context.clientAddress });
      throw redirect(`/business/claim/${params.id}?code=sent`);
    } catch (error) {
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { intent, sent: null as Sent, typed: NOTHING_TYPED } });
    }
  }
  if (intent === "claim") {
    try {
      const { businessId } = await claimListing(user, { businessId: params.id, code: String(form.get("code") ?? "").slice(0, 20) });
      throw redirect(`/business/edit/${businessId}?claimed=1`);
    } catch (error) {
      const phone = String(form.get("phone") ?? "");
      const sent: Sent = phone ? { phone, byCall: form.get("byCall") === "true" } : null;
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { intent, sent, typed: NOTHING_TYPED } });
    }
  }
  if (intent === "claim-by-document") {
    // Kept as typed (cut well past the limit, so the refusal names the length instead of losing the text).
    const typed: Typed = { documentKind: String(form.get("documentKind") ?? "").slice(0, 40), note: String(form.get("note") ?? "").slice(0, 4 * CLAIM_NOTE_MAX_LENGTH) };
    const file = form.get("document");
    try {
      await claimByDocument(user, { businessId: params.id, ...typed, document: file instanceof File && file.size > 0 ? file : null });
      throw redirect(`/business/claim/${params.id}?sent=1`);
    } catch (error) {
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { intent, sent: null as Sent, typed } });
    }
  }
  if (intent === "withdraw-claim") {
    try {
      await withdrawClaim(user, { claimId: String(form.get("claimId") ?? "").slice(0, 64) });
      throw redirect(`/business/claim/${params.id}?withdrawn=1`);
    } catch (error) {
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { intent, sent: null as Sent, typed: NOTHING_TYPED } });
    }
  }
  return failureData(new AppError("invalid", CLAIM_TEXTS.failed), { keep: { intent, sent: null as Sent, typed: NOTHING_TYPED } });
}

export default function BusinessClaim({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [params] = useSearchParams();
  const { page, refusal } = loaderData;
  if (!page) {
    return (
      <div className="page max-w-lg">
        <section className="card space-y-4 p-6">
          <h1 className="title">{t(CLAIM_TEXTS.prompt)}</h1>
          <Alert tone="info">
            {refusal?.text ?? t(CLAIM_TEXTS.notClaimable)}
            {refusal?.link ? (
              <>
                {" "}
                <Link to={refusal.link.href} className="font-semibold underline">
                  {refusal.link.label}
                </Link>
              </>
            ) : null}
          </Alert>
          <p className="flex flex-wrap gap-3 text-sm">
            <Link to="/register/business" className="link">
              {t("Sign up as a business owner")}
            </Link>
            <Link to="/help" className="link">
              {t("Help & Support")}
            </Link>
          </p>
        </section>
      </div>
    );
  }
  const { listing, mode, pending, lastRejection, kycApproved } = page;
  const intent = actionData?.intent ?? null;
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  const documentFailure = intent === "claim-by-document" ? failure : null;
  const codeFailure = intent === "send-code" || intent === "claim" ? failure : null;
  const otherFailure = failure && !documentFailure && !codeFailure ? failure : null;
  const sent = actionData?.sent ?? loaderData.sent ?? null;
  const typed = actionData?.typed ?? NOTHING_TYPED;
  const place = [listing.lga, listing.state].filter(Boolean).join(", ");
  const documentForm = (
    <DocumentClaimForm mode={mode} kycApproved={kycApproved} failure={documentFailure} typed={typed} busy={busy} />
  );
  return (
    <div className="page max-w-lg">
      <section className="card space-y-4 p-6" aria-labelledby="claim-title">
        <div>
          <h1 id="claim-title" className="title">
            {mode === "dispute" ? t(CLAIM_DOCUMENT_TEXTS.disputeTitle) : CLAIM_TEXTS.title(listing.name)}
          </h1>
          <p className="text-sm text-gray-600">{[mode === "dispute" ? listing.name : null, listing.category && categoryName(listing.category), place].filter(Boolean).join(" · ")}</p>
        </div>
        {params.get("sent") === "1" && pending ? <Alert tone="success">{t(CLAIM_DOCUMENT_TEXTS.sent)}</Alert> : null}
        {params.get("withdrawn") === "1" && !pending ? <Alert tone="info">{t(CLAIM_DOCUMENT_TEXTS.withdrawn)}</Alert> : null}
        {otherFailure ? <FailureAlert failure={otherFailure} /> : null}
        {pending ? <PendingClaim pending={pending} busy={busy} /> : null}
        {!pending && lastRejection ? <Alert tone="warning">{CLAIM_DOCUMENT_TEXTS.lastRejected(lastRejection)}</Alert> : null}
        {mode === "dispute" ? (
          pending ? null : (
            <>
              <p className="text-sm text-gray-700">{t(CLAIM_DOCUMENT_TEXTS.disputeIntro)}</p>
              {documentForm}
            </>
          )
        ) : (
          <>
            <p className="text-sm text-gray-700">{t(CLAIM_TEXTS.intro)}</p>
            {codeFailure && !codeFailure.fields ? <FailureAlert failure={codeFailure} /> : null}
            {!listing.phone ? (
              <>
                <Alert tone="info">{t(CLAIM_TEXTS.noPhone)}</Alert>
                {pending ? null : documentForm}
              </>
            ) : (
              <>
                {sent ? <Alert tone="info">{sent.byCall ? CLAIM_TEXTS.sentCall(sent.phone) : CLAIM_TEXTS.sentSms(sent.phone)}</Alert> : null}
                {sent ? (
                  <Form method="post" className="space-y-3" noValidate>
                    <input type="hidden" name="intent" value="claim" />
                    <input type="hidden" name="phone" value={sent.phone} />
                    <input type="hidden" name="byCall" value={String(sent.byCall)} />
                    <SmsCodeField error={codeFailure?.fields?.code} autoFocus />
                    <button type="submit" disabled={busy} className="btn btn-primary w-full">
                      {t(CLAIM_TEXTS.submit)}
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="send-code" />
                  <button type="submit" disabled={busy} className={sent ? "btn btn-outline w-full" : "btn btn-primary w-full"}>
                    {listing.byCall ? CLAIM_TEXTS.sendCall(listing.phone) : CLAIM_TEXTS.sendSms(listing.phone)}
                  </button>
                </Form>
                {pending ? null : (
                  <details className="rounded-lg border border-gray-200 p-3" open={Boolean(documentFailure) || undefined}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">{t(CLAIM_DOCUMENT_TEXTS.lostNumber)}</summary>
                    <div className="mt-3">{documentForm}</div>
                  </details>
                )}
              </>
            )}
          </>
        )}
        <Link to={`/businesses/${listing.id}`} className="link text-sm">
          ← {t("Back to the listing")}
        </Link>
      </section>
    </div>
  );
}

/** 'We are reviewing your claim, sent 29 Nov 2026', what was sent, and Withdraw. */
function PendingClaim({ pending, busy }: { pending: NonNullable<ClaimPage["pending"]>; busy: boolean }) {
  return (
    <div className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900" role="status">
      <p className="font-semibold">{CLAIM_DOCUMENT_TEXTS.pending(pending.createdAt)}</p>
      <p>{CLAIM_DOCUMENT_TEXTS.pendingDocument(pending.documentKind)}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="withdraw-claim" />
        <input type="hidden" name="claimId" value={pending.id} />
        <button type="submit" disabled={busy} className={buttonClass({ variant: "outline", size: "sm" })}>
          {t(CLAIM_DOCUMENT_TEXTS.withdraw)}
        </button>
      </Form>
    </div>
  );
}

/**
 * The claim by document (and the dispute's request for review): what kind of document, the file, a note. Without a
 * verified identity it says so first, with the way to KYC; a refusal keeps the kind and the note.
 */
function DocumentClaimForm({
  mode,
  kycApproved,
  failure,
  typed,
  busy,
}: {
  mode: ClaimPage["mode"];
  kycApproved: boolean;
  failure: Failure | null;
  typed: Typed;
  busy: boolean;
}) {
  const fields = failure?.fields ?? {};
  return (
    <section aria-labelledby="claim-document-title" className="space-y-3">
      <h2 id="claim-document-title" className="text-base font-semibold text-gray-900">
        {t(mode === "dispute" ? CLAIM_DOCUMENT_TEXTS.disputeTitle : CLAIM_DOCUMENT_TEXTS.documentTitle)}
      </h2>
      {mode === "claim" ? <p className="text-sm text-gray-700">{t(CLAIM_DOCUMENT_TEXTS.documentIntro)}</p> : null}
      {!kycApproved && failure?.reason !== "kyc" ? (
        <Alert tone="warning">
          {t(CLAIM_DOCUMENT_TEXTS.kycHint)}{" "}
          <Link to={CLAIM_DOCUMENT_TEXTS.kycNeeded.link.href} className="font-semibold underline">
            {t(CLAIM_DOCUMENT_TEXTS.kycNeeded.link.label)}
          </Link>
        </Alert>
      ) : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="claim-by-document" />
        <SelectField
          label={<Required>{t(CLAIM_DOCUMENT_TEXTS.documentKindLabel)}</Required>}
          name="documentKind"
          options={CLAIM_DOCUMENT_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
          placeholder={t(CLAIM_DOCUMENT_TEXTS.documentKindPlaceholder)}
          defaultValue={typed.documentKind}
          error={fields.documentKind}
          required
        />
        <div>
          <label htmlFor="claim-document" className="block text-sm font-medium text-gray-700">
            <Required>{t(CLAIM_DOCUMENT_TEXTS.documentLabel)}</Required>
          </label>
          <input
            id="claim-document"
            name="document"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={fields.document ? true : undefined}
            aria-describedby={["claim-document-hint", fields.document ? "claim-document-error" : null].filter(Boolean).join(" ")}
            className={fieldClass}
          />
          <p id="claim-document-hint" className="mt-1 text-xs text-gray-500">
            {t(CLAIM_DOCUMENT_TEXTS.documentHint)}
          </p>
          {fields.document ? (
            <p id="claim-document-error" role="alert" className="mt-1 text-sm text-red-600">
              {fields.document}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label={<Required>{t(CLAIM_DOCUMENT_TEXTS.noteLabel)}</Required>}
          name="note"
          rows={4}
          maxLength={CLAIM_NOTE_MAX_LENGTH}
          defaultValue={typed.note}
          hint={CLAIM_DOCUMENT_TEXTS.noteHint(CLAIM_NOTE_MAX_LENGTH)}
          error={fields.note}
          required
        />
        <button type="submit" disabled={busy} className={buttonClass({ full: true })}>
          {t(mode === "dispute" ? CLAIM_DOCUMENT_TEXTS.disputeSubmit : CLAIM_DOCUMENT_TEXTS.submit)}
        </button>
      </Form>
    </section>
  );
}
