import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/verification";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { SelectField, TextField } from "~/components/ui/field";
import { SmsCodeField } from "~/features/accounts/components/phone-sign-in";
import { requireUser } from "~/features/accounts/guards.server";
import { getVerificationPage, type StandingLevel, type VerificationPage } from "~/features/verification/get-verification-page.server";
import {
  COMPANY_KIND_LABELS, endReasonText, LEVEL_EXPLAINED, LEVEL_NAMES, VERIFICATION_TEXTS, type CompanyKind,
} from "~/features/verification/verification.schemas";
import { confirmListingPhone, requestListingPhoneCode, verifyBusinessRegistration } from "~/features/verification/verify-listing.server";
import { verifyIdentity } from "~/features/verification/verify-identity.server";
import { AppError, type Failure } from "~/lib/app-error";
import { failureData } from "~/lib/error-responses.server";
import { formatDate } from "~/lib/format-dates";
import { t } from "~/lib/i18n/i18n";

const PATH = "/dashboard/verification";

export const meta: Route.MetaFunction = () => [{ title: t("Verification – Naija Directory") }, { name: "robots", content: "noindex" }];

/**
 * /dashboard/verification (issue 35, ADR 39): the owner's ladder. Their identity (a virtual NIN checked through the
 * provider, or the photo-ID KYC), and per listing its phone (a code to the listing's number) and its registration (a
 * CAC lookup); what ended and why. Every refusal keeps what was typed. What succeeded is a redirect to the page with
 * `?sent=<listing>` (the code step) or `?done=<level>`: the page's live refresh (a notice arriving) reloads its data
 * and would forget an action's answer, so the code step and the confirmation live in the address.
 */
const DONE_TEXTS = { phone: VERIFICATION_TEXTS.phoneVerified, identity: VERIFICATION_TEXTS.identityVerified, business: VERIFICATION_TEXTS.businessVerified } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const page = await getVerificationPage(user);
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  // The code step: only for a listing of theirs with a phone (the code went to that number).
  const listing = page.listings.find((l) => l.id === params.get("sent") && l.phone);
  return {
    page,
    done: done && done in DONE_TEXTS ? DONE_TEXTS[done as keyof typeof DONE_TEXTS] : null,
    sent: listing ? { businessId: listing.id, phone: listing.phone!, byCall: listing.byCall } : null,
  };
}

type Typed = { businessId: string; rcNumber: string; kind: string; vnin: string };
const NOTHING: Typed = { businessId: "", rcNumber: "", kind: "", vnin: "" };
type Sent = { businessId: string; phone: string; byCall: boolean } | null;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const businessId = String(form.get("businessId") ?? "").slice(0, 64);
  const keep = (extra: { sent?: Sent; typed?: Typed } = {}) => ({ intent, businessId, sent: extra.sent ?? null, typed: extra.typed ?? NOTHING });
  try {
    if (intent === "send-code") {
      await requestListingPhoneCode(user, { businessId }, { clientAddress: context.clientAddress });
      throw redirect(`${PATH}?sent=${encodeURIComponent(businessId)}#listing-${businessId}`);
    }
    if (intent === "confirm-phone") {
      await confirmListingPhone(user, { businessId, code: String(form.get("code") ?? "").slice(0, 20) });
      throw redirect(`${PATH}?done=phone#listing-${businessId}`);
    }
    if (intent === "identity") {
      // Kept on a refusal (an outage, no consent): a virtual NIN not yet checked still works for 72 hours.
      const vnin = String(form.get("vnin") ?? "").slice(0, 40);
      try {
        await verifyIdentity(user, { vnin, consent: form.get("consent") === "yes" });
      } catch (error) {
        return failureData(error, { keep: keep({ typed: { ...NOTHING, vnin } }) });
      }
      throw redirect(`${PATH}?done=identity#identity-title`);
    }
    if (intent === "company") {
      const typed: Typed = { ...NOTHING, businessId, rcNumber: String(form.get("rcNumber") ?? "").slice(0, 40), kind: String(form.get("kind") ?? "").slice(0, 40) };
      try {
        const kind = (Object.keys(COMPANY_KIND_LABELS) as CompanyKind[]).find((k) => k === typed.kind);
        await verifyBusinessRegistration(user, { businessId, rcNumber: typed.rcNumber, kind, consent: form.get("consent") === "yes" });
      } catch (error) {
        return failureData(error, { keep: keep({ typed }) });
      }
      throw redirect(`${PATH}?done=business#listing-${businessId}`);
    }
    throw new AppError("invalid", VERIFICATION_TEXTS.notYourListing);
  } catch (error) {
    const phone = String(form.get("phone") ?? "");
    const sent: Sent = intent === "confirm-phone" && phone ? { businessId, phone, byCall: form.get("byCall") === "true" } : null;
    return failureData(error, { keep: keep({ sent }) });
  }
}

export default function VerificationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  // A refusal shows instead of an earlier success.
  const done = failure ? null : loaderData.done;
  const intent = actionData?.intent ?? null;
  const about = actionData?.businessId ?? "";
  return (
    <div className="page max-w-2xl space-y-5">
      <header className="space-y-2">
        <h1 className="title">{t(VERIFICATION_TEXTS.pageTitle)}</h1>
        <p className="text-sm text-gray-700">
          {t(VERIFICATION_TEXTS.intro)}{" "}
          <Link to="/verification" className="link">
            {t("What each badge means")}
          </Link>
        </p>
      </header>
      {done ? (
        <Alert tone="success">{t(done)}</Alert>
      ) : null}
      <IdentitySection page={page} failure={intent === "identity" ? failure : null} typedVnin={intent === "identity" ? (actionData?.typed?.vnin ?? "") : ""} busy={busy} />
      {page.listings.length === 0 ? (
        <Alert tone="info">
          {t("You have no listings yet.")}{" "}
          <Link to="/business/create" className="link">
            {t("Create Business")}
          </Link>
        </Alert>
      ) : null}
      {page.listings.map((listing) => (
        <ListingSection
          key={listing.id}
          listing={listing}
          provider={page.provider}
          failure={about === listing.id && intent !== "identity" ? failure : null}
          intent={about === listing.id ? intent : null}
          sent={(actionData?.sent ?? loaderData.sent)?.businessId === listing.id ? (actionData?.sent ?? loaderData.sent) : null}
          typed={actionData?.typed?.businessId === listing.id ? actionData.typed : NOTHING}
          busy={busy}
        />
      ))}
      {page.ended.length > 0 ? (
        <section aria-labelledby="ended-title" className="card space-y-2 p-5">
          <h2 id="ended-title" className="text-base font-semibold text-gray-900">
            {t("Badges that ended")}
          </h2>
          <ul className="space-y-1 text-sm text-gray-700">
            {page.ended.map((row, i) => (
              <li key={i}>
                {t(LEVEL_NAMES[row.level])}
                {row.listing ? ` · ${row.listing}` : ""} · {formatDate(row.endedAt)}: {endReasonText(row.reason)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Standing({ level }: { level: StandingLevel }) {
  return (
    <p className="space-x-2 text-sm">
      <span className="badge-verified">{level.label}</span>
      <span className="text-gray-700">{level.detail}</span>
      <span className="text-gray-600">· {t("until {{date}}", { date: formatDate(level.expiresAt) })}</span>
    </p>
  );
}

/** A sentence and the way to the KYC page. */
function KycAlert({ text }: { text: string }) {
  return (
    <Alert tone="info">
      {text}{" "}
      <Link to="/kyc-verification" className="link">
        {t("KYC Verification")}
      </Link>
    </Alert>
  );
}

function ConsentBox({ provider, error }: { provider: string; error?: string }) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-gray-800">
        <input type="checkbox" name="consent" value="yes" required className="mt-1 h-5 w-5" aria-invalid={error ? true : undefined} />
        <span>{VERIFICATION_TEXTS.consent(provider)}</span>
      </label>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The owner's identity: standing, or the virtual NIN form (with how to get one), or the way through KYC. */
function IdentitySection({ page, failure, typedVnin, busy }: { page: VerificationPage; failure: Failure | null; typedVnin: string; busy: boolean }) {
  const fields = failure?.fields ?? {};
  return (
    <section aria-labelledby="identity-title" className="card space-y-3 p-5">
      <h2 id="identity-title" className="text-base font-semibold text-gray-900">
        {t(LEVEL_NAMES.identity)}
      </h2>
      {page.identity ? <Standing level={page.identity} /> : null}
      {failure && !failure.fields ? <FailureAlert failure={failure} /> : null}
      {!page.kycName ? (
        <KycAlert text={t(VERIFICATION_TEXTS.kycNameNeeded)} />
      ) : !page.provider ? (
        page.identity ? null : <KycAlert text={t(VERIFICATION_TEXTS.noProvider)} />
      ) : (
        <details open={!page.identity || Boolean(failure) || undefined} className="space-y-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{page.identity ? t("Check again with a new virtual NIN") : t("Verify with your virtual NIN")}</summary>
          <p className="mt-2 text-sm text-gray-700">{t(LEVEL_EXPLAINED.identity.how)}</p>
          <p className="text-sm text-gray-700">
            {t("The record’s name must match the name on your KYC:")} <strong>{page.kycName}</strong>.
          </p>
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="identity" />
            <TextField label={t("Virtual NIN")} name="vnin" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={24} placeholder="AB123456789012CD" defaultValue={typedVnin} error={fields.vnin} />
            <ConsentBox provider={page.provider} error={fields.consent} />
            <button type="submit" disabled={busy} className="btn btn-primary w-full">
              {t("Check my virtual NIN")}
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}

function ListingSection({
  listing, provider, failure, intent, sent, typed, busy,
}: {
  listing: VerificationPage["listings"][number];
  provider: string | null;
  failure: Failure | null;
  intent: string | null;
  sent: Sent;
  typed: Typed;
  busy: boolean;
}) {
  const fields = failure?.fields ?? {};
  const phoneFailure = intent === "send-code" || intent === "confirm-phone" ? failure : null;
  const companyFailure = intent === "company" ? failure : null;
  return (
    <section aria-labelledby={`listing-${listing.id}`} className="card space-y-4 p-5">
      <h2 id={`listing-${listing.id}`} className="text-base font-semibold text-gray-900">
        {listing.name}
      </h2>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-gray-800">{t(LEVEL_NAMES.phone)}</h3>
        {listing.phoneLevel ? <Standing level={listing.phoneLevel} /> : null}
        {phoneFailure && !phoneFailure.fields ? <FailureAlert failure={phoneFailure} /> : null}
        {!listing.phone ? (
          <p className="text-sm text-gray-700">
            {t(VERIFICATION_TEXTS.noListingPhone)}{" "}
            <Link to={`/business/edit/${listing.id}`} className="link">
              {t("Edit listing")}
            </Link>
          </p>
        ) : (
          <>
            {sent ? <Alert tone="info">{sent.byCall ? VERIFICATION_TEXTS.phoneCodeCalled(sent.phone) : VERIFICATION_TEXTS.phoneCodeSent(sent.phone)}</Alert> : null}
            {sent ? (
              <Form method="post" className="space-y-3" noValidate>
                <input type="hidden" name="intent" value="confirm-phone" />
                <input type="hidden" name="businessId" value={listing.id} />
                <input type="hidden" name="phone" value={sent.phone} />
                <input type="hidden" name="byCall" value={String(sent.byCall)} />
                <SmsCodeField error={phoneFailure?.fields?.code} autoFocus />
                <button type="submit" disabled={busy} className="btn btn-primary w-full">
                  {t("Verify the phone")}
                </button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="send-code" />
              <input type="hidden" name="businessId" value={listing.id} />
              <button type="submit" disabled={busy} className={sent || listing.phoneLevel ? "btn btn-outline w-full" : "btn btn-primary w-full"}>
                {listing.byCall ? t("Call {{phone}} with a code", { phone: listing.phone }) : t("Text a code to {{phone}}", { phone: listing.phone })}
              </button>
            </Form>
          </>
        )}
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-gray-800">{t(LEVEL_NAMES.business)}</h3>
        {listing.businessLevel ? <Standing level={listing.businessLevel} /> : null}
        {companyFailure && !companyFailure.fields ? <FailureAlert failure={companyFailure} /> : null}
        {provider ? (
          <details open={Boolean(companyFailure) || undefined}>
            <summary className="cursor-pointer text-sm font-medium text-brand-700">{listing.businessLevel ? t("Check again") : t("Verify the CAC registration")}</summary>
            <Form method="post" className="mt-3 space-y-3" noValidate>
              <input type="hidden" name="intent" value="company" />
              <input type="hidden" name="businessId" value={listing.id} />
              <TextField label={t("CAC registration number")} name="rcNumber" placeholder="RC 1234567" defaultValue={typed.rcNumber} autoComplete="off" maxLength={20} error={fields.rcNumber} />
              <SelectField
                label={t("Registered as")}
                name="kind"
                options={(Object.keys(COMPANY_KIND_LABELS) as CompanyKind[]).map((value) => ({ value, label: t(COMPANY_KIND_LABELS[value]) }))}
                defaultValue={typed.kind || "limited_company"}
              />
              <ConsentBox provider={provider} error={fields.consent} />
              <button type="submit" disabled={busy} className="btn btn-primary w-full">
                {t("Check the registration")}
              </button>
            </Form>
          </details>
        ) : (
          <p className="text-sm text-gray-700">{t(VERIFICATION_TEXTS.noCacProvider)}</p>
        )}
      </div>
    </section>
  );
}
