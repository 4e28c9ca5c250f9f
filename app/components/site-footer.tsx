import { Link } from "react-router";
import { currentLocale, msg, t } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE } from "~/lib/i18n/locales";
import { DataSaverSwitch } from "./data-saver";
import { LanguageSwitch } from "./language-switch";

const LINKS = [
  { to: "/privacy", label: msg("Privacy") },
  { to: "/help", label: msg("Help") },
  { to: "/feedback", label: msg("Feedback") },
  { to: "/pricing", label: msg("Pricing") },
] as const;

/**
 * The links every page but the chat ends with: the privacy notice first (NDPA 2023), then help, feedback, pricing;
 * then the 'Data saver' switch (ADR 32) and the languages (issue 36).
 */
export function SiteFooter({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className="mt-10 border-t border-gray-200 px-4 py-6 text-sm text-gray-600">
      <nav aria-label={t("Site")} className="mx-auto flex max-w-6xl flex-wrap gap-x-5 gap-y-2 [&>a]:min-w-6 [&>a]:py-1 [&>a:hover]:underline">
        {LINKS.map(({ to, label }) => (
          <Link key={to} to={to}>
            {t(label)}
          </Link>
        ))}
      </nav>
      <DataSaverSwitch className="mx-auto mt-3 max-w-6xl" />
      <LanguageSwitch signedIn={signedIn} variant="list" />
      {/* Every translation is a machine draft until a native speaker reviews it (app/locales/README.md). */}
      {currentLocale() !== DEFAULT_LOCALE && <p className="mx-auto mt-2 max-w-6xl text-xs text-gray-500">{t("This translation has not yet been reviewed by a native speaker.")}</p>}
    </footer>
  );
}
