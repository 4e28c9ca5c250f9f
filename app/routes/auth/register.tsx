import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/register";
import { buttonClass } from "~/components/ui/button";
import { msg, t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [
  { title: t("Create an account – Naija Directory") },
  { name: "description", content: t("Join as a visitor to message businesses, or as a business owner to list your business.") },
];

export function loader({ request }: Route.LoaderArgs) {
  // Without JavaScript the choice arrives as ?type=…; Continue goes to the sign-up page for it.
  const type = new URL(request.url).searchParams.get("type");
  if (type === "visitor" || type === "business") throw redirect(`/register/${type}`);
  return null;
}

const CHOICES = [
  { value: "visitor", title: msg("Visitor"), text: msg("Find businesses near you and message them.") },
  { value: "business", title: msg("Business Owner"), text: msg("List your business and reply to customers.") },
] as const;

export default function Register() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-2xl font-bold text-gray-900">{t("Create your account")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("How will you use Naija Directory?")}</p>
        <Form method="get" action="/register" className="mt-6 space-y-4">
          <fieldset className="space-y-3">
            <legend className="sr-only">{t("Account type")}</legend>
            {CHOICES.map((choice, i) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" name="type" value={choice.value} defaultChecked={i === 0} className="mt-1 accent-brand-600" />
                <span>
                  <span className="block font-semibold text-gray-900">{t(choice.title)}</span>
                  <span className="block text-sm text-gray-600">{t(choice.text)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className={buttonClass({ full: true })}>
            {t("Continue")}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-gray-600">
          {t("Already have an account?")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t("Sign in")}
          </Link>
        </p>
        <p className="mt-3 text-center text-xs text-gray-500">
          {t("What we keep about you, why and for how long:")}{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 hover:underline">
            {t("Privacy")}
          </Link>
        </p>
      </div>
    </div>
  );
}
