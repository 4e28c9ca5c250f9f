import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/business-offers";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { fieldClass, Required, TextAreaField, TextField } from "~/components/ui/field";
import { SafeImage } from "~/components/safe-image";
import { requireUser } from "~/features/accounts/guards.server";
import { getListingOffers, type OwnOffer } from "~/features/offers/get-listing-offers.server";
import { EMPTY_OFFER_FORM, OFFER_LIMITS, OFFER_STATE_LABELS, OFFER_TEXTS, type OfferFormValues } from "~/features/offers/offer.schemas";
import { saveOffer } from "~/features/offers/save-offer.server";
import { withdrawOffer } from "~/features/offers/withdraw-offer.server";
import { failureData, refusalData, throwRouteError } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { t } from "~/lib/i18n/i18n";
import { formatDate } from "~/lib/format";

/** A WAT calendar date as an instant inside it (noon), for formatDate. */
const dayOf = (date: string) => new Date(`${date}T12:00:00+01:00`);

export const meta: Route.MetaFunction = () => [{ title: t("Special offers – Naija Directory") }, { name: "robots", content: "noindex" }];

/**
 * /business/offers/{id} (issue 37): a listing's offers and the form to post one, or to change one (?offer={offerId}).
 * Owners only (the guard sends everyone else home); the use cases answer 'not found' for another owner's listing.
 * Works without JavaScript: the form posts here (with its photo), a refusal keeps what was typed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  try {
    const page = await getListingOffers(user, params.id);
    const url = new URL(request.url);
    const editing = page.offers.find((offer) => offer.id === url.searchParams.get("offer") && offer.state !== "ended") ?? null;
    return { ...page, editing, sent: url.searchParams.has("sent"), withdrawn: url.searchParams.has("withdrawn") };
  } catch (error) {
    throwRouteError(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const offerId = formText(form, "offerId").slice(0, 64) || null;
  if (intent === "save") {
    // Kept as typed (cut well past the limits, so the refusal names the length instead of losing the text).
    const values: OfferFormValues = {
      title: formText(form, "title").slice(0, 4 * OFFER_LIMITS.titleMax),
      text: formText(form, "text").slice(0, 4 * OFFER_LIMITS.textMax),
      code: formText(form, "code").slice(0, 40),
      startsOn: formText(form, "startsOn").slice(0, 20),
      endsOn: formText(form, "endsOn").slice(0, 20),
    };
    const photo = form.get("photo");
    try {
      await saveOffer(user, { businessId: params.id, offerId, values, photo: photo instanceof File && photo.size > 0 ? photo : null, removePhoto: form.get("removePhoto") === "1" });
      throw redirect(`/business/offers/${params.id}?sent=1`);
    } catch (error) {
      return failureData(error, { fallback: OFFER_TEXTS.failed, keep: { intent, offerId, values } });
    }
  }
  if (intent === "withdraw") {
    try {
      await withdrawOffer(user, { businessId: params.id, offerId: offerId ?? "" });
      throw redirect(`/business/offers/${params.id}?withdrawn=1`);
    } catch (error) {
      return failureData(error, { fallback: OFFER_TEXTS.failed, keep: { intent, offerId, values: EMPTY_OFFER_FORM } });
    }
  }
  return refusalData("invalid", OFFER_TEXTS.failed, { keep: { intent, offerId, values: EMPTY_OFFER_FORM } });
}

export default function BusinessOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, offers, allowance, today, editing } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  const failedSave = failure && actionData?.intent === "save" ? actionData : null;
  // The form shows what was typed after a refusal, else the offer edited, else nothing.
  const editedId = failedSave ? failedSave.offerId : (editing?.id ?? null);
  const values: OfferFormValues = failedSave
    ? failedSave.values
    : editing
      ? { title: editing.title, text: editing.text, code: editing.code ?? "", startsOn: editing.startsOn, endsOn: editing.endsOn }
      : EMPTY_OFFER_FORM;
  const edited = editedId ? offers.find((offer) => offer.id === editedId) : undefined;
  const fields = failedSave?.failure.fields ?? {};
  // A started offer keeps its first day, already passed (saveOffer allows it): the browser must not refuse it.
  const keepStart = edited && edited.startsOn < today ? edited.startsOn : undefined;
  const showForm = Boolean(editedId) || allowance.hasRoom;
  return (
    <div className="page max-w-3xl space-y-6">
      <div>
        <Link to="/dashboard" className="link text-sm">
          {t(OFFER_TEXTS.backToDashboard)}
        </Link>
        <h1 className="title mt-2">{t(OFFER_TEXTS.pageTitle)}</h1>
        <p className="mt-1 font-medium text-gray-900">{listing.name}</p>
        <p className="mt-1 text-gray-600">{t(OFFER_TEXTS.intro)}</p>
        <p className="mt-2 text-sm text-gray-700">
          {t("Your {{plan}} plan: up to {{count}} current offers on a listing at a time, each up to {{days}} days long.", {
            plan: allowance.plan,
            count: allowance.allowed,
            days: allowance.maxDays,
          })}{" "}
          <Link to="/pricing" className="link">
            {t("View plans")}
          </Link>
        </p>
      </div>
      {loaderData.sent && !failure ? <Alert tone="success">{t(OFFER_TEXTS.sent)}</Alert> : null}
      {loaderData.withdrawn && !failure ? <Alert tone="success">{t(OFFER_TEXTS.withdrawn)}</Alert> : null}
      {failure && !failedSave ? <FailureAlert failure={failure} /> : null}

      <section aria-labelledby="own-offers" className="space-y-3">
        <h2 id="own-offers" className="text-lg font-semibold">
          {t(OFFER_TEXTS.yourOffers)}
        </h2>
        {offers.length === 0 ? (
          <p className="text-gray-600">{t(OFFER_TEXTS.noOffers)}</p>
        ) : (
          <ul className="space-y-3">
            {offers.map((offer) => (
              <OwnOfferItem key={offer.id} offer={offer} listingId={listing.id} />
            ))}
          </ul>
        )}
      </section>

      {showForm ? (
        <Form method="post" encType="multipart/form-data" className="card space-y-4 p-5" aria-labelledby="offer-form-title">
          <h2 id="offer-form-title" className="text-lg font-semibold">
            {editedId ? t(OFFER_TEXTS.editOffer) : t(OFFER_TEXTS.newOffer)}
          </h2>
          {failedSave ? <FailureAlert failure={failedSave.failure} /> : null}
          <input type="hidden" name="intent" value="save" />
          {editedId ? <input type="hidden" name="offerId" value={editedId} /> : null}
          <TextField
            label={<Required>{t(OFFER_TEXTS.title)}</Required>}
            name="title"
            hint={t(OFFER_TEXTS.titleHint)}
            maxLength={OFFER_LIMITS.titleMax}
            defaultValue={values.title}
            error={fields.title}
            required
          />
          <TextAreaField
            label={<Required>{t(OFFER_TEXTS.text)}</Required>}
            name="text"
            rows={4}
            maxLength={OFFER_LIMITS.textMax}
            defaultValue={values.text}
            error={fields.text}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={<Required>{t(OFFER_TEXTS.startsOn)}</Required>} name="startsOn" type="date" min={keepStart ?? today} defaultValue={values.startsOn} error={fields.startsOn} required />
            <TextField label={<Required>{t(OFFER_TEXTS.endsOn)}</Required>} name="endsOn" type="date" min={today} defaultValue={values.endsOn} error={fields.endsOn} required />
          </div>
          <TextField label={t(OFFER_TEXTS.code)} name="code" hint={t(OFFER_TEXTS.codeHint)} maxLength={20} autoCapitalize="characters" defaultValue={values.code} error={fields.code} />
          <div>
            <label htmlFor="offer-photo" className="block text-sm font-medium text-gray-700">
              {t(OFFER_TEXTS.photo)}
            </label>
            <input
              id="offer-photo"
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fields.photo ? true : undefined}
              aria-describedby={["offer-photo-hint", fields.photo ? "offer-photo-error" : null].filter(Boolean).join(" ")}
              className={fieldClass}
            />
            <p id="offer-photo-hint" className="mt-1 text-xs text-gray-500">
              {t(OFFER_TEXTS.photoHint)}
            </p>
            {fields.photo ? (
              <p id="offer-photo-error" role="alert" className="mt-1 text-sm text-red-600">
                {fields.photo}
              </p>
            ) : null}
            {edited?.photo ? (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" name="removePhoto" value="1" className="accent-brand-600" />
                {t(OFFER_TEXTS.removePhoto)}
              </label>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? t("Saving…") : t(OFFER_TEXTS.save)}
            </Button>
            {editedId ? (
              <Link to={`/business/offers/${listing.id}`} className={buttonClass({ variant: "outline" })}>
                {t(OFFER_TEXTS.cancelEdit)}
              </Link>
            ) : null}
          </div>
        </Form>
      ) : (
        <Alert tone="info">
          {t("The {{plan}} plan allows {{count}} current offers on a listing at a time. Withdraw one or wait until it ends, or choose a bigger plan.", {
            plan: allowance.plan,
            count: allowance.allowed,
          })}{" "}
          <Link to="/pricing" className="link">
            {t("View plans")}
          </Link>
        </Alert>
      )}
    </div>
  );
}

function OwnOfferItem({ offer, listingId }: { offer: OwnOffer; listingId: string }) {
  const ended = offer.state === "ended";
  return (
    <li className="card flex flex-col gap-3 p-4 sm:flex-row">
      {offer.photo ? (
        <SafeImage src={offer.photo.src} srcSet={offer.photo.srcSet} sizes="160px" alt="" width={640} height={480} loading="lazy" className="aspect-4/3 w-full shrink-0 rounded-lg sm:w-40" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase text-gray-600">{t(OFFER_STATE_LABELS[offer.state])}</p>
        <h3 className="font-semibold">{offer.title}</h3>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-700">{offer.text}</p>
        <p className="mt-1 text-sm text-gray-700">
          {t("{{start}} to {{end}}", { start: formatDate(dayOf(offer.startsOn)), end: formatDate(dayOf(offer.endsOn)) })}
          {offer.code ? ` · ${t("Code: {{code}}", { code: offer.code })}` : ""}
        </p>
        {offer.reason ? <p className="mt-1 text-sm text-red-700">{t("Reason: {{reason}}", { reason: offer.reason })}</p> : null}
        <div className="mt-2 flex flex-wrap gap-2">
          {ended ? null : (
            <Link to={`/business/offers/${listingId}?offer=${offer.id}`} className={buttonClass({ variant: "outline", size: "sm" })}>
              {t(OFFER_TEXTS.edit)}
            </Link>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="offerId" value={offer.id} />
            <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} aria-label={t("Withdraw {{title}}", { title: offer.title })}>
              {t(OFFER_TEXTS.withdraw)}
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}
