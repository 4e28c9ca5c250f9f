import { Link, useLocation } from "react-router";
import { suggestPage } from "../lib/known-routes";

/** The not-found page (spec 02, Not-found page): the attempted path, a related page and quick links. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const suggestion = suggestPage(pathname);
  let shownPath = pathname;
  try {
    shownPath = decodeURI(pathname);
  } catch {
    // Show the raw path when it is not valid percent-encoding.
  }
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-bold">Page not found</h1>
      <p className="mt-3 text-gray-600">
        We could not find <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 text-sm text-gray-800">{shownPath}</code>
      </p>
      {suggestion && (
        <p className="mt-4">
          Were you looking for{" "}
          <Link to={suggestion.href} className="link">
            {suggestion.label}
          </Link>
          ?
        </p>
      )}
      <nav aria-label="Quick links" className="mt-8 grid grid-cols-2 gap-2 sm:flex sm:justify-center">
        <Link to="/" className="btn btn-outline">Home</Link>
        <Link to="/businesses" className="btn btn-outline">Businesses</Link>
        <Link to="/help" className="btn btn-outline">Help</Link>
        <Link to="/pricing" className="btn btn-outline">Pricing</Link>
      </nav>
    </div>
  );
}
