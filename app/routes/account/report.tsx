import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/report";
import { SITE_NAME } from "~/components/site";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { requireUser } from "~/features/accounts/guards.server";
import { createReport } from "~/features/reports/create-report.server";
import { getReportTarget } from "~/features/reports/get-report-target.server";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_TEXTS, type ReportReason } from "~/features/reports/report.schemas";
import { failureData } from "~/lib/error-responses.server";
import { msg, t } from "~/lib/i18n/i18n";
import { REPORT_REASONS } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: `${t(REPORT_TEXTS.pageTitle)} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

/** The page's heading, by what is reported. */
const HEADINGS = { listing: msg("Report listing"), review: msg("Report review"), message: msg("Report message"), offer: msg("Report offer") } as const;

const SIGNED_IN = ["visitor", "business", "admin"] as const;

/** /report?kind=listing|message|review&id=…: signed-in users only (others log in first and come back). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const url = new URL(request.url);
  try {
    return { ok: true as const, target: await getReportTarget(user, { kind: url.searchParams.get("kind"), id: url.searchParams.get("id") }) };
  } catch (error) {
    return failureData(error);
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const url = new URL(request.url);
  const form = await request.formData();
  const reason = String(form.get("reason") ?? "");
  const details = String(form.get("details") ?? "");
  try {
    await createReport(user, { kind: url.searchParams.get("kind") ?? "", id: url.searchParams.get("id") ?? "", reason, details });
    return { ok: true as const };
  } catch (error) {
    return failureData(error, { fallback: REPORT_TEXTS.failed, keep: { reason, details } });
  }
}

/** A small server-rendered form: the reason (required), optional details, send. Works without JavaScript. */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  if (!loaderData.ok) {
    return (
      <div className="page max-w-2xl space-y-5">
        <h1 className="title">{t(REPORT_TEXTS.pageTitle)}</h1>
        <Alert tone="error">
          <strong className="block">{loaderData.failure.title}</strong>
          {loaderData.failure.text}
        </Alert>
      </div>
    );
  }
  const { target } = loaderData;
  const back = target.kind === "message" ? "/messages" : target.href;
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  const chosen = actionData && !actionData.ok ? (actionData.reason as ReportReason) : null;
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">{t(HEADINGS[target.kind])}</h1>
        <p className="mt-1 break-words text-gray-600">{target.title}</p>
      </div>
      {actionData?.ok ? (
        <Alert tone="success">
          <strong className="block">{t(REPORT_TEXTS.received.title)}</strong>
          {t(REPORT_TEXTS.received.text)}{" "}
          {back ? (
            <Link to={back} className="link">
              {t("Go back")}
            </Link>
          ) : null}
        </Alert>
      ) : (
        <Form method="post" className="card space-y-4 p-5">
          {failure ? (
            <Alert tone="error">
              <strong className="block">{failure.title}</strong>
              {failure.text}
              {failure.errorId ? <span className="mt-1 block text-xs">{t("Error ID: {{id}}", { id: failure.errorId })}</span> : null}
            </Alert>
          ) : null}
          <fieldset className="space-y-2" aria-invalid={failure?.fields?.reason ? true : undefined}>
            <legend className="font-medium text-gray-900">{t("Why are you reporting it?")}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-3">
                <input type="radio" name="reason" value={reason} required defaultChecked={chosen === reason} className="accent-brand-600" />
                {t(REPORT_REASON_LABELS[reason])}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            id="report-details"
            label={t("Details (optional)")}
            name="details"
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            defaultValue={actionData && !actionData.ok ? actionData.details : ""}
            error={failure?.fields?.details}
          />
          <Button type="submit" disabled={sending} full>
            {sending ? t("Sending…") : t("Send report")}
          </Button>
        </Form>
      )}
    </div>
  );
}
