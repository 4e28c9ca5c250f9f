import { Link } from "react-router";
import { t } from "~/lib/i18n/i18n";

/** One step of a trail: its name and where it links (the last step is the page itself). */
export type BreadcrumbStep = { name: string; path: string };

/**
 * 'Nigeria › Lagos › Ikeja › Pharmacy store': a navigation landmark named Breadcrumb, an ordered list, every
 * step a link but the current page (aria-current). The trail is made by the page's loader.
 */
export function Breadcrumbs({ trail }: { trail: BreadcrumbStep[] }) {
  return (
    <nav aria-label={t("Breadcrumb")} className="mb-3 text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map((step, i) => (
          <li key={step.path} className="flex items-center gap-x-1.5">
            {i > 0 && <span aria-hidden="true">›</span>}
            {i === trail.length - 1 ? (
              <span aria-current="page" className="font-medium text-gray-900">
                {step.name}
              </span>
            ) : (
              <Link to={step.path} className="link">
                {step.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
