import { Link } from "react-router";

/** Logo (the brand mark, drawn in CSS as .logo-mark) and name, linking home. */
export function Logo() {
  return (
    // Named by its visible text (WCAG 2.5.3 'label in name'): the space is there for screen readers.
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight md:text-lg">
      <span className="logo-mark" />
      {/* Below 360px (a phone at 200% zoom) only the mark shows, so the header fits (WCAG 1.4.10 reflow). */}
      <span className="max-[359px]:sr-only">
        Naija<span className="sr-only"> </span>
        <span className="text-brand-700">Directory</span>
      </span>
    </Link>
  );
}
