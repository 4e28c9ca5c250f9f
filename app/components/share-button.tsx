import { enhanceShare } from "~/enhance/share";
import { t } from "~/lib/i18n/i18n";
import { shareTexts } from "./enhance-texts";
import { useEnhance } from "./use-enhance";

/**
 * Shares the page: a link to WhatsApp's share page without JavaScript; with it, the phone's share sheet, or the
 * link copied where there is none (`app/enhance/share.ts`, ADR 29). What the status then says is carried by the
 * link in the page's language (enhance-texts.ts).
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const ref = useEnhance<HTMLAnchorElement>(enhanceShare);
  return (
    <>
      <a
        ref={ref}
        href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer nofollow"
        data-enhance="share"
        data-title={title}
        data-url={url}
        {...shareTexts()}
        className="btn btn-outline px-2 py-3"
      >
        <span className="i i-share" />
        {t("Share")}
      </a>
      <span role="status" data-share-status="" className="self-center text-sm text-gray-600 empty:hidden" />
    </>
  );
}
