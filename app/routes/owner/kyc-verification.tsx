import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/kyc-verification";
import { requireUser } from "~/features/accounts/guards.server";
import { SelectField, TextField } from "~/components/ui/field";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { KYC_TEXTS, type KycStatusView } from "~/features/kyc/kyc.schemas";
import type { Failure } from "~/lib/app-error";
import { failureData } from "~/lib/error-responses.server";
import { submitKyc } from "~/features/kyc/submit-kyc.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { formatDate } from "~/lib/format";
import { msg, t } from "~/lib/i18n/i18n";
import { displayPhone } from "~/lib/phone";
import { getPrivacyNotice } from "~/features/privacy/get-privacy-notice.server";
import { DEFAULT_PHONE_CODE, LIMITS, PHONE_CODES } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: t("KYC Verification – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  return { kyc: await getKycStatus(user), retentionDays: getPrivacyNotice().kycRetentionDays };
}

export async function action({ request }: Route.ActionArgs) {
  // An expired session is told so (the spec's 'Session Error') rather than sent away with the upload lost.
  const user = await getSessionUser(request);
  if (user) await requireUser(request, ["business"]);
  const form = await request.formData();
  const fullName = String(form.get("fullName") ?? "");
  const phoneCode = String(form.get("phoneCode") ?? DEFAULT_PHONE_CODE);
  const phoneNumber = String(form.get("phoneNumber") ?? "").trim();
  const code = PHONE_CODES.some((p) => p.code === phoneCode) ? phoneCode : DEFAULT_PHONE_CODE;
  const file = form.get("idImage");
  try {
    await submitKyc(user, {
      fullName,
      // A number typed with its own '+…' keeps it; otherwise the chosen country code goes first.
      activePhoneNumber: !phoneNumber || phoneNumber.startsWith("+") ? phoneNumber : `${code} ${phoneNumber}`,
      idImage: file instanceof File && file.size > 0 ? file : null,
    });
  } catch (error) {
    return failureData(error, { fallback: KYC_TEXTS.submissionFailed, keep: { fullName, phoneNumber, phoneCode: code } });
  }
  throw redirect("/kyc-verification?submitted=true");
}

export default function KycVerification({ loaderData }: Route.ComponentProps) {
  const { kyc, retentionDays } = loaderData;
  const actionData = useActionData<typeof action>();
  const [resubmitting, setResubmitting] = useState(Boolean(actionData));
  const showForm = !kyc.hasSubmission || resubmitting;
  const [params] = useSearchParams();
  const submitted = params.get("submitted") === "true";
  return (
    <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-8">
      <div>
        <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("Back to Dashboard")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">{t("KYC Verification")}</h1>
        <p className="text-gray-600">{t("Verify your identity to list your business.")}</p>
      </div>
      {submitted && !showForm ? <Alert tone="success">{t(KYC_TEXTS.submitted.text)}</Alert> : null}
      {showForm ? (
        <KycForm
          retentionDays={retentionDays}
          resubmit={kyc.hasSubmission ? { reason: kyc.rejectionReason, renewal: kyc.status === "approved", onCancel: () => setResubmitting(false) } : null}
          failure={actionData && !actionData.ok ? actionData.failure : null}
          defaults={actionData ?? null}
        />
      ) : (
        <KycStatusPanel kyc={kyc} onResubmit={() => setResubmitting(true)} />
      )}
    </div>
  );
}

function KycStatusPanel({ kyc, onResubmit }: { kyc: KycStatusView; onResubmit: () => void }) {
  const badge = {
    approved: { label: msg("Verified"), tone: "bg-green-100 text-green-800" },
    pending: { label: msg("Under Review"), tone: "bg-amber-100 text-amber-800" },
    rejected: { label: msg("Rejected"), tone: "bg-red-100 text-red-800" },
    none: { label: msg("Not submitted"), tone: "bg-gray-100 text-gray-700" },
  }[kyc.status];
  return (
    <section className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="kyc-status-title">
      <div className="flex items-center justify-between">
        <h2 id="kyc-status-title" className="text-lg font-semibold">
          {t("Verification status")}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${badge.tone}`}>{t(badge.label)}</span>
      </div>
      {kyc.status === "approved" ? <p className="text-gray-700">{t("Your identity is verified. You can create listings.")}</p> : null}
      {kyc.status === "pending" ? (
        <p className="text-gray-700">{t("Your documents are under review. Review {{hint}}.", { hint: t(KYC_TEXTS.reviewHint) })}</p>
      ) : null}
      {kyc.status === "rejected" ? (
        <p className="text-gray-700">
          {t("Your verification was rejected. Reason:")} <strong>{kyc.rejectionReason?.trim() || t("Not specified")}</strong>
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-gray-500">{t("Full name")}</dt>
          <dd className="font-medium">{kyc.fullName ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("Phone or ID number")}</dt>
          <dd className="font-medium">{kyc.activePhoneNumber ? displayPhone(kyc.activePhoneNumber) : "—"}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("Submitted")}</dt>
          <dd className="font-medium">{formatDate(kyc.submittedAt, "long")}</dd>
        </div>
        <div>
          <dt className="text-gray-500">{t("Reviewed")}</dt>
          <dd className="font-medium">{formatDate(kyc.reviewedAt, "long")}</dd>
        </div>
      </dl>
      {kyc.status === "rejected" ? (
        <button type="button" className={buttonClass({ full: true })} onClick={onResubmit}>
          {t("Submit New KYC Verification")}
        </button>
      ) : null}
      {kyc.status === "approved" && kyc.canRenew ? (
        <>
          <p className="text-sm text-gray-700">{t(KYC_TEXTS.renewHint)}</p>
          <button type="button" className={buttonClass({ full: true })} onClick={onResubmit}>
            {t("Renew identity verification")}
          </button>
        </>
      ) : null}
      {kyc.status === "approved" ? (
        <Link to="/dashboard" className={buttonClass({ variant: "outline", full: true })}>
          {t("Go to Dashboard")}
        </Link>
      ) : null}
    </section>
  );
}

type Defaults = { fullName: string; phoneNumber: string; phoneCode: string } | null;

function KycForm({
  retentionDays,
  resubmit,
  failure,
  defaults,
}: {
  retentionDays: number;
  resubmit: { reason: string | null; renewal?: boolean; onCancel: () => void } | null;
  failure: Failure | null;
  defaults: Defaults;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const [fullName, setFullName] = useState(defaults?.fullName ?? "");
  const [phoneCode, setPhoneCode] = useState(defaults?.phoneCode ?? DEFAULT_PHONE_CODE);
  const [phoneNumber, setPhoneNumber] = useState(defaults?.phoneNumber ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [clientFailure, setClientFailure] = useState<Failure | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = clientFailure ?? failure;
  const complete = fullName.trim() !== "" && phoneNumber.trim() !== "" && file !== null;

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    if (!/^image\/(jpeg|jpg|png|webp)$/.test(chosen.type)) return setClientFailure(translatedFailure(KYC_TEXTS.invalidType));
    if (chosen.size > LIMITS.kycImageMaxBytes) return setClientFailure(translatedFailure(KYC_TEXTS.tooLarge));
    setClientFailure(null);
    setFile(chosen);
    // Keep the file input in step with a dropped file, so the form posts it.
    if (inputRef.current && inputRef.current.files?.[0] !== chosen) {
      const transfer = new DataTransfer();
      transfer.items.add(chosen);
      inputRef.current.files = transfer.files;
    }
  }

  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <section aria-labelledby="kyc-guide-title" className="mb-5 rounded-xl bg-brand-50 p-4 text-sm text-gray-800">
        <h2 id="kyc-guide-title" className="font-semibold text-gray-900">
          {t(KYC_TEXTS.guide.title)}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t(KYC_TEXTS.guide.accepted)}</li>
          <li>{t(KYC_TEXTS.guide.why)}</li>
          <li>{t(KYC_TEXTS.guide.who)}</li>
          <li>
            {KYC_TEXTS.guide.kept(retentionDays)}{" "}
            <Link to="/privacy" className="link">
              {t("Privacy notice")}
            </Link>
          </li>
        </ul>
      </section>
      {resubmit ? (
        <div className="mb-4">
          <Alert tone="info">
            {resubmit.renewal ? (
              t(KYC_TEXTS.renewHint)
            ) : (
              <>
                {t("Previous rejection reason:")} <strong>{resubmit.reason?.trim() || t("Not specified")}</strong>
              </>
            )}
          </Alert>
        </div>
      ) : null}
      {shown ? (
        <div className="mb-4">
          <FailureAlert failure={shown} />
        </div>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4"
        onSubmit={(event) => {
          if (!complete) {
            event.preventDefault();
            setClientFailure(translatedFailure(KYC_TEXTS.missing));
          }
        }}
      >
        <TextField label={t("Full name")} name="fullName" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} required />
        <fieldset>
          <legend className="block text-sm font-medium text-gray-700">{t("Phone number")}</legend>
          <div className="mt-1 grid grid-cols-[7rem_1fr] gap-2">
            <SelectField
              label={t("Country code")}
              name="phoneCode"
              options={PHONE_CODES.map((p) => p.code)}
              value={phoneCode}
              onChange={(e) => setPhoneCode(e.target.value)}
            />
            <TextField
              label={t("Number")}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="803 123 4567"
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value)}
              required
            />
          </div>
        </fieldset>
        <div>
          <span id="id-image-label" className="block text-sm font-medium text-gray-700">
            {t("ID image")}
          </span>
          <label
            htmlFor="idImage"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              choose(e.dataTransfer.files?.[0]);
            }}
            className={`mt-1 flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed p-6 text-center ${
              dragging ? "border-brand-600 bg-brand-50" : "border-gray-300 hover:border-brand-500"
            }`}
          >
            {preview ? (
              <img src={preview} alt={t("Preview of your ID")} className="max-h-48 rounded-lg object-contain" />
            ) : (
              <>
                {/* A phone's screen has nothing to drag from: it offers the camera (below) and its photos. */}
                <span className="text-sm text-gray-600 pointer-coarse:hidden">
                  <span className="font-semibold text-brand-700">{t("Click to upload")}</span> {t("or drag and drop")}
                </span>
                <span className="hidden text-sm font-semibold text-brand-700 pointer-coarse:inline">{t(KYC_TEXTS.choosePhoto)}</span>
              </>
            )}
            <span className="mt-2 text-xs text-gray-500">{t("JPEG, PNG, WebP, max 5MB")}</span>
          </label>
          <input
            ref={inputRef}
            id="idImage"
            name="idImage"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-labelledby="id-image-label"
            className="sr-only"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {/* The camera, straight to the back lens (capture); the photo taken joins the form as the chosen file. */}
          <label
            className={`${buttonClass({ variant: "outline", full: true })} mt-2 hidden min-h-11 cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 pointer-coarse:inline-flex`}
          >
            <span className="i i-camera" aria-hidden="true" />
            {t(KYC_TEXTS.takePhoto)}
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => choose(e.target.files?.[0])} />
          </label>
          <p className="mt-2 text-xs text-gray-600">{t(KYC_TEXTS.guide.photoTip)}</p>
          {file ? <p className="mt-1 text-xs text-gray-600">{file.name}</p> : null}
        </div>
        {!complete ? <p className="text-sm text-gray-600">{t(KYC_TEXTS.missingFields)}</p> : null}
        <div className="flex gap-3">
          {resubmit ? (
            <button type="button" className={buttonClass({ variant: "outline", full: true })} onClick={resubmit.onCancel}>
              {t("Cancel")}
            </button>
          ) : null}
          <button type="submit" className={buttonClass({ full: true })} disabled={!complete || submitting}>
            {submitting ? t("Submitting…") : t("Submit Verification")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A refusal the browser finds itself (the file's type or size, a missing field), in the page's language. */
function translatedFailure(failure: { title: string; text: string }): Failure {
  return { title: t(failure.title), text: t(failure.text) };
}
