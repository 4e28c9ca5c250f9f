import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/quote-new";
import { SITE_NAME } from "~/components/site";
import { FailureAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { requireUser } from "~/features/accounts/guards.server";
import { LgaSelect } from "~/features/listings/components/lga-select";
import { createQuoteRequest } from "~/features/quotes/create-quote-request.server";
import { QUOTE_TEXT_MAX, QUOTE_TEXTS, QUOTE_TIMING_LABELS, QUOTE_TIMINGS } from "~/features/quotes/quote.schemas";
import { failureData } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { t } from "~/lib/i18n/i18n";
import { categoryOptions, findCategory, findRegion, placeOptions, REGIONS } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: `${t(QUOTE_TEXTS.pageTitle)} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

/** Any signed-in account; others log in first and come back with their choices (the guard keeps the query string). */
const SIGNED_IN = ["visitor", "business", "admin"] as const;

type Typed = { description: string; category: string; state: string; lga: string; timing: string; sharePhone: boolean };

/** /quotes/new?category=Plumber&state=Lagos&lga=Ikeja: the form, prefilled from the link that led here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, SIGNED_IN);
  const url = new URL(request.url);
  const typed: Typed = {
    description: "",
    category: findCategory(url.searchParams.get("category")) ?? "",
    state: findRegion(url.searchParams.get("state")) ?? "",
    lga: (url.searchParams.get("lga") ?? "").slice(0, 100),
    timing: "flexible",
    sharePhone: false,
  };
  return { typed };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const form = await request.formData();
  const typed: Typed = {
    description: formText(form, "description"),
    category: formText(form, "category"),
    state: formText(form, "state"),
    lga: formText(form, "lga"),
    timing: formText(form, "timing") || "flexible",
    sharePhone: formText(form, "sharePhone") === "1",
  };
  let outcome;
  try {
    outcome = await createQuoteRequest(user, { ...typed, timing: typed.timing as (typeof QUOTE_TIMINGS)[number] });
  } catch (error) {
    return failureData(error, { fallback: QUOTE_TEXTS.failed, keep: { typed } });
  }
  // The person's list, the new request on top, with how many businesses it went to.
  throw redirect(`/quotes?sent=${outcome.businesses}`);
}

/** The job once, its category and place, when, and whether businesses may see the phone number. Works without JavaScript. */
export default function QuoteNew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  const typed = actionData && !actionData.ok && "typed" in actionData ? actionData.typed : loaderData.typed;
  const fields = failure?.fields ?? {};
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">{t(QUOTE_TEXTS.pageTitle)}</h1>
        <p className="mt-1 text-gray-600">
          {t("Describe the job once: up to 5 businesses nearby get it and answer with a price. You compare the answers and choose.")}
        </p>
        <p className="mt-1 text-sm">
          <Link to="/quotes" className="link">
            {t(QUOTE_TEXTS.listTitle)}
          </Link>
        </p>
      </div>
      <Form method="post" className="card space-y-4 p-5">
        {failure ? <FailureAlert failure={failure} /> : null}
        <TextAreaField
          id="quote-description"
          label={t("What do you need done?")}
          name="description"
          rows={5}
          required
          maxLength={QUOTE_TEXT_MAX}
          defaultValue={typed.description}
          placeholder={t("Need a plumber in Ikeja: leaking kitchen pipe, this week")}
          hint={t("10 to 800 characters. Don't write your phone number here: choose below whether businesses may see it.")}
          error={fields.description}
        />
        <SelectField
          id="quote-category"
          label={t("Category")}
          name="category"
          required
          options={categoryOptions()}
          placeholder={t("Select a category")}
          defaultValue={typed.category}
          error={fields.category}
        />
        <SelectField
          id="quote-state"
          label={t("State")}
          name="state"
          required
          options={placeOptions(REGIONS)}
          placeholder={t("Select a state")}
          defaultValue={typed.state}
          error={fields.state}
        />
        <LgaSelect state={typed.state} defaultValue={typed.lga} error={fields.lga} hint={t("Optional. Businesses in this LGA are asked first.")} />
        <SelectField
          id="quote-timing"
          label={t("When do you need it?")}
          name="timing"
          options={QUOTE_TIMINGS.map((value) => ({ value, label: t(QUOTE_TIMING_LABELS[value]) }))}
          defaultValue={typed.timing}
          error={fields.timing}
        />
        <label className="flex items-start gap-3">
          <input type="checkbox" name="sharePhone" value="1" defaultChecked={typed.sharePhone} className="mt-1 accent-brand-600" />
          <span>
            {t("Let these businesses see my phone number")}
            <span className="block text-xs text-gray-500">{t("Off unless you tick it: they answer you here in the chat.")}</span>
          </span>
        </label>
        <Button type="submit" disabled={sending} full>
          {sending ? t("Sending…") : t("Send request")}
        </Button>
      </Form>
    </div>
  );
}
