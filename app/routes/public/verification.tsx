import { Link } from "react-router";
import { t } from "~/lib/i18n/i18n";
import type { Route } from "./+types/verification";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { READER_PAGE } from "~/components/reader-page";
import { DEFAULT_SHARE_IMAGE, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { LEVEL_EXPLAINED, LEVEL_NAMES, LEVEL_ORDER, LEVEL_VALIDITY_MONTHS, VERIFICATION_TEXTS } from "~/features/verification/verification.schemas";

export function loader() {
  return {
    meta: seoMeta({
      title: `${t(VERIFICATION_TEXTS.pageTitle)} | ${SITE_NAME}`,
      description: t("What the Phone verified, Identity verified and Registered business badges on a listing mean, what they do not mean, and how owners get them."),
      canonical: pageUrl("/verification"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/**
 * /verification (issue 35, ADR 39): the three levels a listing can show, each with what it means, what it does not
 * mean and how an owner gets it. Every badge links here; so does the Help page.
 */
export default function Verification() {
  return (
    <div className="page max-w-2xl space-y-6">
      <header className="space-y-2">
        <h1 className="title">{t(VERIFICATION_TEXTS.pageTitle)}</h1>
        <p className="text-gray-700">{t(VERIFICATION_TEXTS.intro)}</p>
      </header>
      {LEVEL_ORDER.map((level, i) => (
        <section key={level} id={level} aria-labelledby={`level-${level}`} className="card space-y-3 p-5">
          <h2 id={`level-${level}`} className="text-lg font-semibold text-gray-900">
            {i + 1}. <span className="badge-verified">{t(LEVEL_NAMES[level])}</span>
          </h2>
          <dl className="space-y-2 text-sm text-gray-800">
            <div>
              <dt className="font-semibold">{t("What it means")}</dt>
              <dd>{t(LEVEL_EXPLAINED[level].means)}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("What it does not mean")}</dt>
              <dd>{t(LEVEL_EXPLAINED[level].doesNotMean)}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("How to get it")}</dt>
              <dd>{t(LEVEL_EXPLAINED[level].how)}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("How long it lasts")}</dt>
              <dd>{t("{{months}} months from the date on the badge, unless what it rests on changes first.", { months: LEVEL_VALIDITY_MONTHS[level] })}</dd>
            </div>
          </dl>
        </section>
      ))}
      <section className="space-y-2 text-sm text-gray-700">
        <p>
          {t(
            "A badge is a check we made on the date it shows, not a recommendation: read reviews, and never pay in advance to someone you have not met. If something about a verified business seems wrong, use ‘Report this listing’ on its page: an admin can remove a badge.",
          )}
        </p>
        <p>
          {t("Owners:")}{" "}
          <Link to="/dashboard/verification" className="link">
            {t("verify your listings")}
          </Link>
          . {t("What we keep for these checks is in the")}{" "}
          <Link to="/privacy" className="link">
            {t("privacy notice")}
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
