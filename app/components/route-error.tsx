import { useState } from "react";
import { isRouteErrorResponse, useRevalidator, useRouteLoaderData } from "react-router";
import type { Failure } from "../lib/app-error";
import { currentLocale, t } from "../lib/i18n/i18n";
import { localizePath } from "../lib/i18n/locales";
import { LIMITS } from "../lib/reference";
import { NotFoundPage } from "./not-found-page";

/**
 * 'Something went wrong' with the request's Error ID (the id the server logged). Try Again
 * re-runs the loaders; after 3 attempts it becomes Reload Page (spec 01 §2, Error screen).
 */
export function ErrorScreen({ requestId }: { requestId?: string | null }) {
  const revalidator = useRevalidator();
  const [attempts, setAttempts] = useState(0);
  const mustReload = attempts >= LIMITS.errorScreenRetries;
  const retry = () => {
    if (mustReload) return window.location.reload();
    setAttempts(attempts + 1);
    void revalidator.revalidate();
  };
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("Something went wrong")}</h1>
      <p className="mt-2 text-gray-600">{t("We could not show this page. Please try again in a moment.")}</p>
      {requestId && (
        <p className="mt-4 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-700">
          {t("Error ID:")} <code className="select-all">{requestId}</code>
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <button type="button" onClick={retry} disabled={revalidator.state === "loading"} className="btn btn-primary disabled:opacity-60">
          {mustReload ? t("Reload Page") : t("Try Again")}
        </button>
        {/* A full page load: the app itself may be what failed. */}
        <a href={localizePath(currentLocale(), "/")} className="btn btn-outline">
          {t("Go to Home")}
        </a>
        <button type="button" onClick={() => window.history.back()} className="btn btn-outline">
          {t("Go Back")}
        </button>
      </div>
    </div>
  );
}

/** A request refused for a reason the person can act on (app/lib/error-responses.server.ts throwRouteError). */
function RefusedScreen({ failure }: { failure: Failure }) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{failure.title || t("Not available")}</h1>
      <p className="mt-2 text-gray-700">{failure.text}</p>
      <a href={localizePath(currentLocale(), "/")} className="btn btn-primary mt-6">
        {t("Go to Home")}
      </a>
    </div>
  );
}

type ErrorData = { requestId?: string; failure?: Failure } | undefined;

/**
 * A failed route: 404 responses show the not-found page, other refusals their text, and anything else
 * (a fault of ours) the error screen with the request id our logs carry.
 */
export default function RouteError({ error }: { error: unknown }) {
  const root = useRouteLoaderData("root") as ErrorData;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const data = isRouteErrorResponse(error) ? (error.data as ErrorData) : undefined;
  if (isRouteErrorResponse(error) && error.status < 500 && data?.failure) return <RefusedScreen failure={data.failure} />;
  // When the root loader itself failed, the id travels in the error response.
  return <ErrorScreen requestId={data?.requestId ?? root?.requestId} />;
}
