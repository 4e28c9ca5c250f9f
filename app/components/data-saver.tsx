import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";

/**
 * Whether data saver is on for this page (ADR 32): the root loader reads it from the request
 * (app/lib/data-saver.ts) and provides it; images (SafeImage) and the switch read it here.
 */
export const DataSaverContext = createContext(false);

export function useDataSaver(): boolean {
  return useContext(DataSaverContext);
}

/**
 * The 'Data saver' switch: a plain form posted to /data-saver, which remembers the choice and comes back
 * here. It works without JavaScript, and a full page load shows the page again in the new state.
 */
export function DataSaverSwitch({ className = "" }: { className?: string }) {
  const on = useDataSaver();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={localizePath(currentLocale(), "/data-saver")} className={className}>
      <input type="hidden" name="dataSaver" value={on ? "off" : "on"} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button type="submit" aria-pressed={on} className="inline-flex min-h-6 items-center gap-2 hover:underline">
        {t("Data saver")}
        <span aria-hidden="true" className={`rounded-full px-2 text-xs font-semibold ${on ? "bg-brand-700 text-white" : "bg-gray-200 text-gray-800"}`}>
          {on ? t("On") : t("Off")}
        </span>
      </button>
    </form>
  );
}
