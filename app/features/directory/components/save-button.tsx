import { useEnhance } from "../../../components/use-enhance";
import { saveFormTexts } from "../../../components/enhance-texts";
import { enhanceSave } from "../../../enhance/save";
import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import { businessPath } from "../business-links";

type SaveButtonProps = {
  business: { id: string; name: string; category: string | null; place: string; image: string | null };
  isSignedIn: boolean;
  /** Signed in and already saved: the button says 'Saved', pressed, and posts 'unsave'. */
  isSaved?: boolean;
  /** The business page: a saved business's page is kept for offline reading again when this device lost it. */
  keepWhenSaved?: boolean;
};

/**
 * 'Save' (issue 20, ADR 30): a plain POST to /saved for signed-in users (it comes back to the page, which then says
 * 'Saved'; pressed again it removes the save); for anonymous
 * visitors it saves on the device, which needs JavaScript, so the form stays hidden until app/enhance/save.ts runs.
 */
export function SaveButton({ business, isSignedIn, isSaved = false, keepWhenSaved = false }: SaveButtonProps) {
  const form = useEnhance<HTMLFormElement>(enhanceSave);
  const saved = isSignedIn && isSaved;
  return (
    <form
      ref={form}
      method="post"
      action={localizePath(currentLocale(), "/saved")}
      hidden={!isSignedIn}
      data-enhance="save"
      data-id={business.id}
      data-name={business.name}
      data-category={business.category ?? ""}
      data-place={business.place}
      data-link={businessPath(business.id)}
      data-image={business.image ?? ""}
      data-signed-in={isSignedIn ? "true" : undefined}
      data-keep-saved={keepWhenSaved ? "true" : undefined}
      {...saveFormTexts()}
    >
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="businessId" value={business.id} />
      <button type="submit" className="btn btn-outline" aria-pressed={saved}>
        {saved ? t("Saved") : t("Save")}
      </button>
    </form>
  );
}
