import { useNavigate } from "react-router";
import { useEnhance } from "~/components/use-enhance";
import { enhanceSearch } from "~/enhance/search";

/**
 * The search forms are plain GET forms to /businesses (they work before and without JavaScript). Give the form
 * this ref and `data-enhance="search"`: submitting trims the text and leaves out empty fields (spec 01 §2), on
 * reader pages by a page load, in the app by the router (`app/enhance/search.ts`, ADR 29).
 */
export function useSearchForm() {
  const navigate = useNavigate();
  return useEnhance<HTMLFormElement>((form) => enhanceSearch(form, navigate));
}
