import { Link } from "react-router";
import type { Route } from "./+types/help";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { DEFAULT_SHARE_IMAGE, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { getEnv } from "~/lib/env.server";
import { msg, t } from "~/lib/i18n/i18n";
import { withParts } from "~/components/with-parts";

export function loader() {
  return {
    supportEmail: getEnv().SUPPORT_EMAIL,
    meta: seoMeta({
      title: t("Help & Support | {{site}}", { site: SITE_NAME }),
      description: t("How to find businesses, message them, list your own business and get help from the {{site}} team.", { site: SITE_NAME }),
      canonical: pageUrl("/help"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

const TOPICS = [
  {
    title: msg("Finding a business"),
    text: msg("Search by name, product or service from the home page or Businesses, and narrow the results by state and category. Open a business to see its details, call it or send it a message."),
  },
  {
    title: msg("Messaging a business"),
    text: msg("Sign in, open a business and press Contact Business. Replies appear under Messages, and the bell at the top shows new ones."),
  },
  {
    title: msg("Listing your business"),
    text: msg("Register as a Business Owner, complete identity (KYC) verification, then add your listing from your dashboard. An admin reviews every listing before it appears in the directory."),
  },
  {
    title: msg("A business is missing or wrong"),
    text: msg("Know a business we're missing? Sign in and suggest it from Suggest a missing business in the menu. On a business page, Suggest an edit tells us its details are wrong, or that it has closed or moved. An admin checks every suggestion, and you are told what happened."),
  },
  {
    title: msg("Plans and featured placement"),
    text: msg("The Free plan includes one listing; Standard and Premium allow up to three. Featured plans put a listing at the top of search results and on the home page."),
  },
] as const;

/** Static support text with the support address (spec 02, Help). */
export default function Help({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">{t("Help & Support")}</h1>
        <p className="mt-1 text-gray-600">{t("Answers to common questions, and how to reach us.")}</p>
      </div>
      <section className="card divide-y divide-gray-100" aria-label={t("Help topics")}>
        {TOPICS.map((topic) => (
          <div key={topic.title} className="p-5">
            <h2 className="font-semibold">{t(topic.title)}</h2>
            <p className="mt-1 text-sm text-gray-700">{t(topic.text)}</p>
          </div>
        ))}
      </section>
      <section className="card p-5" aria-labelledby="contact-title">
        <h2 id="contact-title" className="font-semibold">
          {t("Contact support")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {withParts(t("Still need help? Write to us at {{email}}. Please include your account e-mail and, for a payment, its reference."), {
            email: (
              <a href={`mailto:${supportEmail}`} className="link">
                {supportEmail}
              </a>
            ),
          })}
        </p>
        <p className="mt-3 text-sm text-gray-700">
          {t("What do ‘Phone verified’, ‘Identity verified’ and ‘Registered business’ mean on a listing?")}{" "}
          <Link to="/verification" className="link">
            {t("Verification explained")}
          </Link>
          .
        </p>
        <p className="mt-3 text-sm text-gray-700">
          {t("Know a business we're missing?")}{" "}
          <Link to="/suggest" className="link">
            {t("Suggest it")}
          </Link>
          .
        </p>
        <p className="mt-3 text-sm text-gray-700">
          {t("Have an idea or found a problem?")}{" "}
          <Link to="/feedback" className="link">
            {t("Send us feedback")}
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
