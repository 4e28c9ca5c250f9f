import { useFetcher } from "react-router";

/**
 * Posts to /logout through a fetcher, so a failure can be shown here: on success the server's redirect
 * takes the browser to /?signedOut=true. Without `failure`, the server's own message is shown.
 */
export function LogoutButton({
  label,
  failure,
  className,
}: {
  label: string;
  failure?: { title: string; text: string };
  className: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  const failed = !busy && Boolean(fetcher.data?.error);
  return (
    <div className="space-y-2">
      {failed ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure ? <strong className="block">{failure.title}</strong> : null}
          {failure?.text ?? fetcher.data?.error}
        </div>
      ) : null}
      <fetcher.Form method="post" action="/logout">
        <button type="submit" disabled={busy} className={className}>
          {label}
        </button>
      </fetcher.Form>
    </div>
  );
}
