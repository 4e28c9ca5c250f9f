import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { DEFAULT_SHARE_IMAGE, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { getPrivacyNotice } from "~/features/privacy/get-privacy-notice.server";
import { DELETED_USER_NAME, PRIVACY_TEXTS } from "~/features/privacy/privacy.schemas";
import { withParts } from "~/components/with-parts";
import { t } from "~/lib/i18n/i18n";
import { READER_PAGE } from "~/components/reader-page";

export function loader() {
  return {
    notice: getPrivacyNotice(),
    meta: seoMeta({
      title: t("Privacy | {{site}}", { site: SITE_NAME }),
      description: t("What {{site}} keeps about you, why, for how long, who sees it, and how to download or delete your data.", { site: SITE_NAME }),
      canonical: pageUrl("/privacy"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

type Row = { what: string; why: string; howLong: ReactNode; whoSees: string };

/**
 * The privacy notice (Nigeria Data Protection Act 2023): plain language, figures read from the configuration
 * and the constants the code uses (getPrivacyNotice), so it says what the system does.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { notice } = loaderData;
  const mail = (
    <a href={`mailto:${notice.supportEmail}`} className="link">
      {notice.supportEmail}
    </a>
  );
  // 'N days' in bold in the sentences about ID and claim photos.
  const retention = t("{{days}} days", { days: notice.kycRetentionDays });
  const profileLink = (
    <Link to="/profile" className="link">
      {t("profile")}
    </Link>
  );
  const rows: Row[] = [
    {
      what: t("Your account: name, e-mail address, country and state, account type, and your password (only as a one-way hash we cannot read back)"),
      why: t("To sign you in, show your profile and let businesses and visitors reach each other"),
      howLong: t("Until you delete your account"),
      whoSees: t("You and our admins; other people see only your name"),
    },
    {
      what: t("Sessions: when you signed in, and the browser and IP address of each signed-in device"),
      why: t("To keep you signed in and to protect your account from misuse"),
      howLong: t("Up to {{days}} days each; they end when you log out, are suspended or delete your account", { days: notice.sessionDays }),
      whoSees: t("You (in your data download) and our admins"),
    },
    {
      what: t("Your business listings: name, description, address, phone number, website, products, photos"),
      why: t("To publish them in the directory (that is what they are for)"),
      howLong: t("Until you delete the listing or your account; the photos are deleted with it"),
      whoSees: t("Everyone, once an admin has approved the listing"),
    },
    {
      what: t("Messages you send and receive"),
      why: t("To deliver them and show the conversation to both sides"),
      howLong: t("Kept for the other side of the conversation; if you delete your account, they still see the messages, shown as from '{{name}}'", { name: DELETED_USER_NAME }),
      whoSees: t("You, the other side of the conversation, and admins when they moderate"),
    },
    {
      what: t("Identity verification (KYC) of business owners: full name, phone or ID number, and a photo of an ID document"),
      why: t("To check that a real person stands behind each business before it is listed"),
      howLong: withParts(
        t("The ID photo is deleted {{period}} after an admin approves or rejects it (at once if you delete your account). The decision (approved or rejected, when, and by which admin) is kept."),
        { period: <strong>{retention}</strong> },
      ),
      whoSees: t("Only you and our admins, through private links that work for {{minutes}} minutes; every view is recorded", { minutes: notice.documentLinkMinutes }),
    },
    {
      what: t(
        "Verification checks (badges) of business owners: the phone number that answered a code; for identity, the name checked, the last 4 characters of the virtual NIN and the identity company's reference (never the NIN itself, nor the photo or birth date the company returns); for a registered business, the CAC number and the name and type on the register",
      ),
      why: t("To show visitors what was checked about a business and when, and to end a badge when what it rests on changes"),
      howLong: t(
        "While the badge stands and afterwards as its history; all of it is deleted with your account (the audit log keeps only that a check was made and its outcome)",
      ),
      whoSees: t(
        "Visitors see the badge, its month and the registered name; you and our admins see the rest. The virtual NIN and your name go to the identity company (VerifyMe) only for the check you agree to",
      ),
    },
    {
      what: t("Claims of a business you send for review: the listing, the kind of document, a photo of it and your note"),
      why: t("To check that a business is yours before we give you its listing (when its phone cannot take a code, or it has another owner)"),
      howLong: withParts(
        t("The photo is deleted {{period}} after an admin decides the claim, at once if you withdraw it or delete your account; the claim itself goes with your account. The decision is kept in the record of actions."),
        { period: <strong>{retention}</strong> },
      ),
      whoSees: t("Only our admins, through private links that work for {{minutes}} minutes; every view is recorded. The listing's current owner never sees it", {
        minutes: notice.documentLinkMinutes,
      }),
    },
    {
      what: t("Payments: plan, amount, reference, status and dates (we never see or keep card details)"),
      why: t("To give you what you paid for, and because the law requires us to keep financial records"),
      howLong: t("For as long as the law requires us to keep financial records, even after you delete your account"),
      whoSees: t("You, our admins, and the payment provider that processes the payment"),
    },
    {
      what: t("Logs: a record of important actions (admin decisions, ID document views, two-factor changes, account deletions) with who did them, their e-mail address and when"),
      why: t("To protect users, investigate abuse and meet our legal duties"),
      howLong: t("The record of actions is kept permanently and cannot be changed; live-update events are deleted after {{hours}} hours", { hours: notice.liveEventHours }),
      whoSees: t("Our admins"),
    },
    {
      what: t("Reviews you write (stars, text, the business's reply), 'Helpful' votes, reports you make and people you block"),
      why: t("Reviews help others choose a business; reports and blocks keep people safe"),
      howLong: t(
        "Until you delete them or your account: then your reviews and votes are deleted (ratings are recounted), open reports are withdrawn and decided ones keep only the decision",
      ),
      whoSees: t("Reviews: everyone. Votes: counted, never named. Reports: our admins. Blocks: you and the person blocked, when they try to write"),
    },
    {
      what: t("Suggestions you send: a business we are missing, or a change to a listing, with your note"),
      why: t("To keep the directory complete and correct"),
      howLong: t("Until you delete your account: then those still waiting are withdrawn and decided ones keep only the decision (a listing added from one stays)"),
      whoSees: t("You and our admins; a listing's owner reads what was suggested about it, never who suggested it"),
    },
    {
      what: t("Quote requests you send: the job, its category and place, when, whether businesses may see your phone number, and the businesses' answers"),
      why: t("To get prices from businesses that can do the job"),
      howLong: t("Until you delete your account: then your requests and their answers are deleted (the messages stay in the conversations, like other messages)"),
      whoSees: t("You, the businesses it went to (at most 5; your phone number only if you chose to share it) and our admins"),
    },
    {
      what: t(
        "What visitors do with a listing: page views, appearances in search results (with the words searched), taps on call, WhatsApp, website and directions, conversations started and how soon the business replied — counted without saying who",
      ),
      why: t("To show business owners what their listing brings them (their analytics), and the business page's 'Usually replies within …'"),
      howLong: t("The individual counts 90 days; the daily totals per listing as long as the listing exists"),
      whoSees: t("The listing's owner (what their plan includes) and our admins"),
    },
    {
      what: t("Feedback you send us, and notifications we send you"),
      why: t("To improve the service and keep you informed"),
      howLong: t("Notifications until you delete your account; feedback is kept without your name once you delete your account"),
      whoSees: t("You and our admins"),
    },
  ];
  return (
    <div className="page max-w-3xl space-y-5">
      <div>
        <h1 className="title">{t("Privacy")}</h1>
        <p className="mt-1 text-gray-700">
          {t("What {{site}} keeps about you, why, for how long and who sees it, and your rights under the Nigeria Data Protection Act 2023.", { site: SITE_NAME })}
        </p>
      </div>

      <section className="card p-5" aria-labelledby="keep-title">
        <h2 id="keep-title" className="font-semibold">
          {t("What we keep, why and for how long")}
        </h2>
        <ul className="mt-3 divide-y divide-gray-100">
          {rows.map((row) => (
            <li key={row.what} className="py-3 text-sm">
              <p className="font-medium text-gray-900">{row.what}</p>
              <dl className="mt-1 grid gap-x-3 gap-y-1 text-gray-700 sm:grid-cols-[7rem_1fr]">
                <dt className="text-gray-500">{t("Why")}</dt>
                <dd>{row.why}</dd>
                <dt className="text-gray-500">{t("How long")}</dt>
                <dd>{row.howLong}</dd>
                <dt className="text-gray-500">{t("Who sees it")}</dt>
                <dd>{row.whoSees}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-gray-700">
          {t(
            "We do not sell your data or use it for advertising. E-mails we send (verification, password reset, new messages) go through our e-mail provider; password-reset links work for {{minutes}} minutes.",
            { minutes: notice.resetLinkMinutes },
          )}
        </p>
      </section>

      <section className="card p-5" aria-labelledby="rights-title">
        <h2 id="rights-title" className="font-semibold">
          {t("Your rights")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>
            <strong>{t("Access")}</strong>:{" "}
            {withParts(t("get a copy of your data. Use {{button}} on your {{profile}}."), { button: <em>{t(PRIVACY_TEXTS.exportButton)}</em>, profile: profileLink })}
          </li>
          <li>
            <strong>{t("Correction")}</strong>: {t("correct your details on your profile, and your listings from your dashboard.")}
          </li>
          <li>
            <strong>{t("Deletion")}</strong>:{" "}
            {withParts(
              t("delete your account with {{button}} on your profile. What the law makes us keep (payments and the record of actions) stays; everything else goes as described above."),
              { button: <em>{t(PRIVACY_TEXTS.deleteButton)}</em> },
            )}
          </li>
          <li>
            <strong>{t("Objection and restriction")}</strong>: {t("object to how we use your data, or ask us to stop using part of it, by writing to us.")}
          </li>
          <li>
            <strong>{t("Withdrawing consent and complaining")}</strong>:{" "}
            {t("you may withdraw your consent at any time, and complain to the Nigeria Data Protection Commission if you think we got it wrong.")}
          </li>
        </ul>
      </section>

      <section className="card p-5" aria-labelledby="ask-title">
        <h2 id="ask-title" className="font-semibold">
          {t("How to ask")}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {withParts(
            t("Most of it you can do yourself on your {{profile}}. For anything else, write to {{email}} from the e-mail address of your account, and say what you would like us to do."),
            { profile: profileLink, email: mail },
          )}
        </p>
      </section>
    </div>
  );
}
