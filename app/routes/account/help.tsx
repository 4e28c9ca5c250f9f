import { Link } from "react-router";
import type { Route } from "./+types/help";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { DEFAULT_SHARE_IMAGE, publicUrl } from "~/features/directory/public-url.server";
import { getEnv } from "~/lib/env.server";

export function loader() {
  return {
    supportEmail: getEnv().SUPPORT_EMAIL,
    meta: seoMeta({
      title: `Help & Support | ${SITE_NAME}`,
      description: `How to find businesses, message them, list your own business and get help from the ${SITE_NAME} team.`,
      canonical: publicUrl("/help"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

const TOPICS = [
  {
    title: "Finding a business",
    text: "Search by name, product or service from the home page or Businesses, and narrow the results by state and category. Open a business to see its details, call it or send it a message.",
  },
  {
    title: "Messaging a business",
    text: "Sign in, open a business and press Contact Business. Replies appear under Messages, and the bell at the top shows new ones.",
  },
  {
    title: "Listing your business",
    text: "Register as a Business Owner, complete identity (KYC) verification, then add your listing from your dashboard. An admin reviews every listing before it appears in the directory.",
  },
  {
    title: "A business is missing or wrong",
    text: "Know a business we're missing? Sign in and suggest it from Suggest a missing business in the menu. On a business page, Suggest an edit tells us its details are wrong, or that it has closed or moved. An admin checks every suggestion, and you are told what happened.",
  },
  {
    title: "Plans and featured placement",
    text: "The Free plan includes one listing; Standard and Premium allow up to three. Featured plans put a listing at the top of search results and on the home page.",
  },
] as const;

/** Static support text with the support address (spec 02, Help). */
export default function Help({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  return (
    <div className="page max-w-2xl space-y-5">
      <div>
        <h1 className="title">Help &amp; Support</h1>
        <p className="mt-1 text-gray-600">Answers to common questions, and how to reach us.</p>
      </div>
      <section className="card divide-y divide-gray-100" aria-label="Help topics">
        {TOPICS.map((topic) => (
          <div key={topic.title} className="p-5">
            <h2 className="font-semibold">{topic.title}</h2>
            <p className="mt-1 text-sm text-gray-700">{topic.text}</p>
          </div>
        ))}
      </section>
      <section className="card p-5" aria-labelledby="contact-title">
        <h2 id="contact-title" className="font-semibold">
          Contact support
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Still need help? Write to us at{" "}
          <a href={`mailto:${supportEmail}`} className="link">
            {supportEmail}
          </a>
          . Please include your account e-mail and, for a payment, its reference.
        </p>
        <p className="mt-3 text-sm text-gray-700">
          What do &lsquo;Phone verified&rsquo;, &lsquo;Identity verified&rsquo; and &lsquo;Registered business&rsquo; mean on a listing?{" "}
          <Link to="/verification" className="link">
            Verification explained
          </Link>
          .
        </p>
        <p className="mt-3 text-sm text-gray-700">
          Know a business we're missing?{" "}
          <Link to="/suggest" className="link">
            Suggest it
          </Link>
          .
        </p>
        <p className="mt-3 text-sm text-gray-700">
          Have an idea or found a problem?{" "}
          <Link to="/feedback" className="link">
            Send us feedback
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
