import { Link } from "react-router";
import { DataSaverSwitch } from "./data-saver";

/**
 * The links every page but the chat ends with: the privacy notice first (NDPA 2023), then help, feedback, pricing;
 * then the 'Data saver' switch (ADR 32).
 */
export function SiteFooter() {
  return (
    <footer className="mt-10 border-t border-gray-200 px-4 py-6 text-sm text-gray-600">
      <nav aria-label="Site" className="mx-auto flex max-w-6xl flex-wrap gap-x-5 gap-y-2 [&>a]:py-1 [&>a:hover]:underline">
        {["Privacy", "Help", "Feedback", "Pricing"].map((label) => (
          <Link key={label} to={`/${label.toLowerCase()}`}>
            {label}
          </Link>
        ))}
      </nav>
      <DataSaverSwitch className="mx-auto mt-3 max-w-6xl" />
    </footer>
  );
}
