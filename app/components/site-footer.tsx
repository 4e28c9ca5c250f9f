import { Link } from "react-router";
import { SITE_NAME } from "./site";

/** The links every page ends with: the privacy notice first (NDPA 2023), then help, feedback and pricing. */
export const FOOTER_LINKS = [
  { href: "/privacy", label: "Privacy" },
  { href: "/help", label: "Help" },
  { href: "/feedback", label: "Feedback" },
  { href: "/pricing", label: "Pricing" },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-10 border-t border-gray-200 px-4 py-6 text-sm text-gray-600">
      <nav aria-label="Site" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2">
        <span>
          © {SITE_NAME}
        </span>
        {FOOTER_LINKS.map((link) => (
          <Link key={link.href} to={link.href} className="hover:text-gray-900 hover:underline">
            {link.label}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
