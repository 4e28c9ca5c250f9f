import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/suggest";
import { SITE_NAME } from "~/components/site";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { requireUser } from "~/features/accounts/guards.server";
import { ChangeForm, changeValuesOf, type ChangeValues } from "~/features/suggestions/components/change-form";
import { MissingBusinessForm } from "~/features/suggestions/components/missing-business-form";
import { MySuggestions } from "~/features/suggestions/components/my-suggestions";
import { getSuggestionTarget } from "~/features/suggestions/get-suggestion-target.server";
import { listMySuggestions } from "~/features/suggestions/list-my-suggestions.server";
import { suggestListingChange } from "~/features/suggestions/suggest-listing-change.server";
import { suggestMissingBusiness } from "~/features/suggestions/suggest-missing-business.server";
import { SUGGESTION_TEXTS, suggestPath, typedMissingBusiness } from "~/features/suggestions/suggestion.schemas";
import { failureData } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { t } from "~/lib/i18n/i18n";
import { copyDayToWeekdays, COPY_DAY_FIELD, hoursFormValues, isWeekday, OPENING_HOURS_TEXTS, parseHoursForm, WEEKDAY_NAMES, WEEKDAYS } from "~/lib/opening-hours";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${t(params.id ? SUGGESTION_TEXTS.changeTitle : SUGGESTION_TEXTS.pageTitle)} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

/** Any signed-in account; others log in first and come back (the guard remembers the address). */
const SIGNED_IN = ["visitor", "business", "admin"] as const;
/** Where a sent suggestion lands: the person's list, with the thanks. */
const SENT = "/suggest?sent=1";

/** /suggest: the form and the person's own suggestions. /suggest/{id}: the listing a change is suggested for. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, SIGNED_IN);
  if (params.id) {
    try {
      const target = await getSuggestionTarget(user, params.id);
      return { mode: "change" as const, ok: true as const, target, hours: hoursFormValues(target.current.hours), mine: [], sent: false };
    } catch (error) {
      return failureData(error);
    }
  }
  const mine = await listMySuggestions(user);
  return { mode: "missing" as const, ok: true as const, target: null, hours: null, mine, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** The form's change fields as typed, to send and to show again. */
function typedChange(form: FormData): ChangeValues {
  return {
    kind: formText(form, "kind"),
    fields: form.getAll("fields").filter((v): v is string => typeof v === "string"),
    name: formText(form, "name"),
    phone: formText(form, "phone"),
    address: formText(form, "address"),
    category: formText(form, "category"),
    state: formText(form, "state"),
    lga: formText(form, "lga"),
    newAddress: formText(form, "newAddress"),
    note: formText(form, "note"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const form = await request.formData();
  if (params.id) {
    const typed = typedChange(form);
    const hours = parseHoursForm(form);
    // 'Copy to Mon–Fri' without JavaScript: the form back as typed with the day copied; nothing is sent.
    const day = form.get(COPY_DAY_FIELD);
    if (isWeekday(day)) {
      const copied = OPENING_HOURS_TEXTS.copied(WEEKDAY_NAMES[WEEKDAYS.indexOf(day)]!, t("Send suggestion"));
      return { ok: false as const, failure: null, change: typed, hours: copyDayToWeekdays(hours.typed, day), hoursNotice: copied, missing: null, similar: null };
    }
    const moved = typed.kind === "moved";
    try {
      await suggestListingChange(user, {
        businessId: params.id,
        kind: typed.kind,
        fields: typed.fields,
        name: typed.name,
        phone: typed.phone,
        address: moved ? typed.newAddress : typed.address,
        category: typed.category,
        state: typed.state,
        lga: typed.lga,
        note: typed.note,
        hours: typed.fields.includes("hours") ? hours : null,
      });
    } catch (error) {
      return failureData(error, { fallback: SUGGESTION_TEXTS.failed, keep: { change: typed, hours: hours.typed, hoursNotice: null, missing: null, similar: null } });
    }
    throw redirect(SENT);
  }
  const typed = typedMissingBusiness(form);
  try {
    const outcome = await suggestMissingBusiness(user, { ...typed, notDuplicate: formText(form, "notDuplicate") === "1" });
    // 'Is it one of these?': a question, not a refusal; the form comes back as typed under it.
    if (outcome.status === "similar") {
      return data({ ok: false as const, failure: null, change: null, hours: null, hoursNotice: null, missing: typed, similar: outcome.similar });
    }
  } catch (error) {
    return failureData(error, { fallback: SUGGESTION_TEXTS.failed, keep: { change: null, hours: null, hoursNotice: null, missing: typed, similar: null } });
  }
  throw redirect(SENT);
}

/** Suggest a missing business, or a change to a listing. Server-rendered forms that work without JavaScript. */
export default function Suggest({ loaderData, actionData }: Route.ComponentProps) {
  // A new form after each navigation (a suggestion sent lands here again): its fields start empty, while a refused
  // or questioned post (no navigation) keeps what was typed.
  const { key: visit } = useLocation();
  if (!loaderData.ok) {
    const { failure } = loaderData;
    return (
      <div className="page max-w-2xl space-y-5">
        <h1 className="title">{t(SUGGESTION_TEXTS.changeTitle)}</h1>
        <FailureAlert failure={failure} />
        <p className="text-sm">
          <Link to="/businesses" className="link">
            {t("Back to businesses")}
          </Link>
        </p>
      </div>
    );
  }
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  if (loaderData.mode === "change") {
    const { target } = loaderData;
    const action = suggestPath(target.id);
    return (
      <div className="page max-w-2xl space-y-5">
        <div>
          <h1 className="title">{t(SUGGESTION_TEXTS.changeTitle)}</h1>
          <p className="mt-1 break-words text-gray-700">
            <Link to={`/businesses/${target.id}`} className="link font-medium">
              {target.current.name}
            </Link>
          </p>
          <p className="mt-1 text-sm text-gray-600">{t(SUGGESTION_TEXTS.changeIntro)}</p>
        </div>
        {target.pending ? (
          <Alert tone="info">
            {t(SUGGESTION_TEXTS.alreadyPending)}{" "}
            <Link to="/suggest" className="font-semibold underline">
              {t(SUGGESTION_TEXTS.mineTitle)}
            </Link>
          </Alert>
        ) : (
          <ChangeForm
            action={action}
            current={target.current}
            values={actionData?.change ?? changeValuesOf(target.current)}
            hours={actionData?.hours ?? loaderData.hours}
            hoursNotice={actionData?.hoursNotice ?? null}
            failure={failure}
          />
        )}
      </div>
    );
  }
  return (
    <div className="page max-w-2xl space-y-6">
      <div>
        <h1 className="title">{t(SUGGESTION_TEXTS.pageTitle)}</h1>
        <p className="mt-1 text-gray-600">{t(SUGGESTION_TEXTS.intro)}</p>
      </div>
      {loaderData.sent && !actionData ? (
        <Alert tone="success">
          <strong className="block">{t(SUGGESTION_TEXTS.sent.title)}</strong>
          {t(SUGGESTION_TEXTS.sent.text)}
        </Alert>
      ) : null}
      <MissingBusinessForm key={visit} values={actionData?.missing ?? undefined} failure={failure} similar={actionData?.similar ?? null} />
      <MySuggestions rows={loaderData.mine} />
    </div>
  );
}
