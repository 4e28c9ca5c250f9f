import { Link } from "react-router";
import type { Route } from "./+types/verification";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { READER_PAGE } from "~/components/reader-page";
import { DEFAULT_SHARE_IMAGE, publicUrl } from "~/features/directory/public-url.server";
import { LEVEL_EXPLAINED, LEVEL_NAMES, LEVEL_ORDER, LEVEL_VALIDITY_MONTHS, VERIFICATION_TEXTS } from "~/features/verification/verification.schemas";

export function loader() {
  return {
    meta: seoMeta({
      title: `${VERIFICATION_TEXTS.pageTitle} | ${SITE_NAME}`,
      description: "What the Phone verified, Identity verified and Registered business badges on a listing mean, what they do not mean, and how owners get them.",
      canonical: publicUrl("/verification"),
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
        <h1 className="title">{VERIFICATION_TEXTS.pageTitle}</h1>
        <p className="text-gray-700">{VERIFICATION_TEXTS.intro}</p>
      </header>
      {LEVEL_ORDER.map((level, i) => (
        <section key={level} id={level} aria-labelledby={`level-${level}`} className="card space-y-3 p-5">
          <h2 id={`level-${level}`} className="text-lg font-semibold text-gray-900">
            {i + 1}. <span className="badge-verified">{LEVEL_NAMES[level]}</span>
          </h2>
          <dl className="space-y-2 text-sm text-gray-800">
            <div>
              <dt className="font-semibold">What it means</dt>
              <dd>{LEVEL_EXPLAINED[level].means}</dd>
            </div>
            <div>
              <dt className="font-semibold">What it does not mean</dt>
              <dd>{LEVEL_EXPLAINED[level].doesNotMean}</dd>
            </div>
            <div>
              <dt className="font-semibold">How to get it</dt>
              <dd>{LEVEL_EXPLAINED[level].how}</dd>
            </div>
            <div>
              <dt className="font-semibold">How long it lasts</dt>
              <dd>{LEVEL_VALIDITY_MONTHS[level]} months from the date on the badge, unless what it rests on changes first.</dd>
            </div>
          </dl>
        </section>
      ))}
      <section className="space-y-2 text-sm text-gray-700">
        <p>
          A badge is a check we made on the date it shows, not a recommendation: read reviews, and never pay in advance to someone you have not met. If
          something about a verified business seems wrong, use &lsquo;Report this listing&rsquo; on its page: an admin can remove a badge.
        </p>
        <p>
          Owners: <Link to="/dashboard/verification" className="link">verify your listings</Link>. What we keep for these checks is in the{" "}
          <Link to="/privacy" className="link">privacy notice</Link>.
        </p>
      </section>
    </div>
  );
}
