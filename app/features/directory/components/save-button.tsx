import { useEnhance } from "../../../components/use-enhance";
import { enhanceSave } from "../../../enhance/save";
import { businessPath } from "../business-links";

type SaveButtonProps = {
  business: { id: string; name: string; category: string | null; place: string; image: string | null };
  isSignedIn: boolean;
};

/**
 * 'Save' (issue 20, ADR 30): a plain POST to /saved for signed-in users (it comes back to the page); for anonymous
 * visitors it saves on the device, which needs JavaScript, so the form stays hidden until app/enhance/save.ts runs.
 */
export function SaveButton({ business, isSignedIn }: SaveButtonProps) {
  const form = useEnhance<HTMLFormElement>(enhanceSave);
  return (
    <form
      ref={form}
      method="post"
      action="/saved"
      hidden={!isSignedIn}
      data-enhance="save"
      data-id={business.id}
      data-name={business.name}
      data-category={business.category ?? ""}
      data-place={business.place}
      data-link={businessPath(business.id)}
      data-image={business.image ?? ""}
      data-signed-in={isSignedIn ? "true" : undefined}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="businessId" value={business.id} />
      <button type="submit" className="btn btn-outline" aria-pressed="false">
        Save
      </button>
    </form>
  );
}
