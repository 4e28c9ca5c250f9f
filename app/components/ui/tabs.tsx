import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";

export type TabLink = { id: string; label: string; href: string; badge?: ReactNode };

/**
 * Tabs as links (each tab is its own URL, so it works without JavaScript and keeps its place on reload):
 * the open one is aria-current="page" and scrolled into view on a narrow screen. The strip scrolls on its own;
 * `relative` keeps the badges' visually hidden text inside it (absolute, it made the whole page 1244 px wide).
 */
export function TabNav({ label, tabs, current }: { label: string; tabs: readonly TabLink[]; current: string }) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // A block body: newer browsers return a promise from scrollIntoView, and an effect may return only a cleanup.
    currentRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <nav aria-label={label} className="relative -mx-4 mb-5 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-gray-200 lg:min-w-0 lg:flex-wrap">
        {tabs.map((tab) => {
          const isCurrent = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                ref={isCurrent ? currentRef : undefined}
                to={tab.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium ${
                  isCurrent ? "border-brand-600 text-brand-800" : "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900"
                }`}
              >
                {tab.label}
                {tab.badge}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
