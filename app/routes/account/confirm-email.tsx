import { data, Form, Link } from "react-router";
import type { Route } from "./+types/confirm-email";
import { SITE_NAME } from "~/components/site";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { EMAIL_CHANGE_TEXTS } from "~/features/accounts/account.schemas";
import { confirmEmailChange, emailChangeFor } from "~/features/accounts/change-email.server";
import { withParts } from "~/components/with-parts";
import { failureData } from "~/lib/error-responses.server";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Confirm your e-mail address | {{site}}", { site: SITE_NAME }) }, { name: "robots", content: "noindex" }];

/**
 * The link of an e-mail change (issue 33, app/features/accounts/change-email.server.ts). A GET only asks (mail scanners
 * open links); the button POSTs. The token is all it takes: it may be opened in another browser than the profile's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = await emailChangeFor(token);
  return data({ token: change?.state === "pending" ? token : "", email: change?.email ?? null, done: change?.state === "done" }, { status: change ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { email } = await confirmEmailChange(String(form.get("token") ?? ""));
    return { ok: true as const, email };
  } catch (error) {
    return failureData(error);
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok || loaderData.done) {
    return (
      <Panel title={t("E-mail address confirmed")}>
        <Alert tone="success">{EMAIL_CHANGE_TEXTS.changed(actionData?.ok ? actionData.email : loaderData.email!)}</Alert>
        <Link to="/profile" className="btn btn-outline">
          {t("Back to your profile")}
        </Link>
      </Panel>
    );
  }
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  if (!loaderData.email || failure) {
    return (
      <Panel title={t("This link cannot be used")}>
        {failure ? <FailureAlert failure={failure} /> : <Alert tone="error">{t(EMAIL_CHANGE_TEXTS.badLink)}</Alert>}
        <Link to="/profile" className="btn btn-outline">
          {t("Your profile")}
        </Link>
      </Panel>
    );
  }
  return (
    <Panel title={t("Confirm your e-mail address")}>
      <p className="text-gray-700">
        {withParts(t("Make {{email}} the e-mail address of your account?"), { email: <strong className="break-all">{loaderData.email}</strong> })}
      </p>
      <Form method="post" action={`/confirm-email?token=${encodeURIComponent(loaderData.token)}`}>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary">
          {t("Confirm")}
        </button>
      </Form>
    </Panel>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="page max-w-lg">
      <section className="card space-y-4 p-6" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title" className="title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
