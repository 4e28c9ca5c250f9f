import type { ReactNode } from "react";
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { SITE_NAME } from "~/components/site";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { loginUrlFor } from "~/features/accounts/access";
import { optionalUser } from "~/features/accounts/guards.server";
import { isUnsubscribeTokenValid, unsubscribeFromWeeklySummary } from "~/features/analytics/weekly-summary-preference.server";
import { WEEKLY_SUMMARY_TEXTS } from "~/features/analytics/weekly-summary-texts";
import { failureData } from "~/lib/error-responses.server";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Unsubscribe | {{site}}", { site: SITE_NAME }) }, { name: "robots", content: "noindex" }];

/**
 * The weekly summary's unsubscribe link (issue 18). A GET only asks (mail scanners open links); the button
 * POSTs. Mail clients' one-click unsubscribe (RFC 8058) POSTs 'List-Unsubscribe=One-Click' to the same URL,
 * without cookies: the token in the URL is all it takes (server/origin-check.ts lets this one path through).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = isUnsubscribeTokenValid(token);
  return data({ token: valid ? token : "", valid }, { status: valid ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("token") ?? "") || new URL(request.url).searchParams.get("token");
  try {
    await unsubscribeFromWeeklySummary(token);
  } catch (error) {
    return failureData(error);
  }
  const signedIn = Boolean(await optionalUser(request).catch(() => null));
  return { ok: true as const, signedIn };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  // The texts are the analytics feature's (msg()-marked there), shown in the reader's language.
  const texts = WEEKLY_SUMMARY_TEXTS;
  if (actionData?.ok) {
    return (
      <Panel title={t(texts.doneTitle)}>
        <p className="text-gray-700">{t(texts.doneText)}</p>
        <Link to={actionData.signedIn ? "/profile" : loginUrlFor("/profile")} className="btn btn-outline">
          {t(texts.resubscribe)}
        </Link>
      </Panel>
    );
  }
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  if (!loaderData.valid || failure) {
    return (
      <Panel title={t(texts.invalidTitle)}>
        {failure ? <FailureAlert failure={failure} /> : <Alert tone="error">{t(texts.invalidText)}</Alert>}
        <Link to="/profile" className="btn btn-outline">
          {t(texts.resubscribe)}
        </Link>
      </Panel>
    );
  }
  return (
    <Panel title={t(texts.confirmTitle)}>
      <p className="text-gray-700">{t(texts.confirmText)}</p>
      <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}`}>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary">
          {t(texts.confirmButton)}
        </button>
      </Form>
    </Panel>
  );
}

/** The page's one card, titled. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page max-w-lg">
      <section className="card space-y-4 p-6" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title" className="title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
