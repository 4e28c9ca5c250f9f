import { useState } from "react";

/** Shares the page through the phone's share sheet, or copies its link where there is none. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [status, setStatus] = useState("");
  const share = async () => {
    try {
      if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        setStatus("Link copied");
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== "AbortError") setStatus("Could not share this page");
    }
  };
  return (
    <>
      <button type="button" onClick={share} className="btn btn-outline px-2 py-3">
        <span className="i i-share" />
        Share
      </button>
      <span role="status" className="self-center text-sm text-gray-600 empty:hidden">
        {status}
      </span>
    </>
  );
}
