import { Link } from "react-router";

/** Logo (the brand mark, drawn in CSS as .logo-mark) and name, linking home. */
export function Logo() {
  return (
    <Link to="/" aria-label="Naija Directory home" className="flex items-center gap-2 font-bold tracking-tight md:text-lg">
      <span className="logo-mark" />
      <span>
        Naija<span className="text-brand-700">Directory</span>
      </span>
    </Link>
  );
}
