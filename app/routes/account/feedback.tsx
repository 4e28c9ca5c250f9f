import { useState } from "react";
import { localizePath } from "~/lib/i18n/locales";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/feedback";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { optionalUser } from "~/features/accounts/guards.server";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS } from "~/features/feedback/feedback-texts";
import { submitFeedback } from "~/features/feedback/submit-feedback.server";
import type { Failure } from "~/lib/app-error";
import { failureData } from "~/lib/error-responses.server";
import { t, currentLocale } from "~/lib/i18n/i18n";
import { withParts } from "~/components/with-parts";

export const meta: Route.MetaFunction = () => [
  { title: t("Feedback | {{site}}", { site: SITE_NAME }) },
  { name: "description", content: t("Tell the {{site}} team what works and what we should improve.", { site: SITE_NAME }) },
];

export async function loader({ request }: Route.LoaderArgs) {
  return { signedIn: Boolean(await optionalUser(request)) };
}

export async function action({ request }: Route.ActionArgs) {
  // Public page (spec 02): a signed-out visitor is told to log in, and keeps what they typed.
  const user = await optionalUser(request);
  const message = String((await request.formData()).get("message") ?? "");
  try {
    const sent = await submitFeedback(user, { message });
    return { ok: true as const, id: sent.feedbackId };
  } catch (error) {
    return failureData(error, { fallback: FEEDBACK_TEXTS.failed, keep: { message, signedIn: Boolean(user) } });
  }
}

/** A textarea and a submit button (spec 02, Feedback). */
export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === localizePath(currentLocale(), "/feedback");
  const [blank, setBlank] = useState(false);
  const required: Failure = { title: t(FEEDBACK_TEXTS.required.title), text: t(FEEDBACK_TEXTS.required.text) };
  const failure: Failure | null = blank ? required : actionData && !actionData.ok ? actionData.failure : null;
  // The refusal's title comes translated (app/lib/error-responses.server.ts): compared in the same language.
  const askToLogin = failure?.title === t(FEEDBACK_TEXTS.authRequired.title);
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">{t("Send Feedback")}</h1>
        <p className="mt-1 text-gray-600">{t("Tell us what works, what does not, and what you would like to see next.")}</p>
      </div>
      {!loaderData.signedIn ? (
        <Alert tone="info">
          {withParts(t("{{login}} to send feedback."), {
            login: (
              <Link to={loginUrlFor("/feedback")} className="link">
                {t("Log in")}
              </Link>
            ),
          })}
        </Alert>
      ) : null}
      <Form
        method="post"
        // A new form after each sent message: the textarea starts empty again.
        key={actionData?.ok ? actionData.id : "feedback"}
        className="card space-y-4 p-5"
        onSubmit={(event) => {
          const text = new FormData(event.currentTarget).get("message");
          const isBlank = typeof text !== "string" || text.trim() === "";
          setBlank(isBlank);
          if (isBlank) event.preventDefault();
        }}
      >
        {actionData?.ok && !blank ? (
          <Alert tone="success">
            <strong className="block">{t(FEEDBACK_TEXTS.sent.title)}</strong>
            {t(FEEDBACK_TEXTS.sent.text)}
          </Alert>
        ) : null}
        {failure ? (
          <Alert tone="error">
            <strong className="block">{failure.title}</strong>
            {failure.text}
            {askToLogin ? (
              <>
                {" "}
                <Link to={loginUrlFor("/feedback")} className="link">
                  {t("Log in")}
                </Link>
              </>
            ) : null}
            {failure.errorId ? <span className="mt-1 block text-xs">{t("Error ID:")} {failure.errorId}</span> : null}
          </Alert>
        ) : null}
        <TextAreaField
          id="feedback-message"
          label={t("Your feedback")}
          name="message"
          rows={6}
          maxLength={FEEDBACK_MAX_LENGTH}
          defaultValue={actionData && !actionData.ok ? actionData.message : ""}
          aria-invalid={failure?.title === required.title ? true : undefined}
          placeholder={t("Share your thoughts…")}
        />
        <Button type="submit" disabled={sending} full>
          {sending ? t("Submitting…") : t("Submit Feedback")}
        </Button>
      </Form>
    </div>
  );
}
