import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { businessesHref, type FilterLink } from "../search-params";

/**
 * The search forms are plain GET forms to /businesses, so they work before and without JavaScript.
 * Once the page is interactive, submitting trims the text and leaves out empty fields (spec 01 §2).
 */
export function useSearchSubmit() {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The form's fields are businessesHref's own names (q, region, lga, category, open, near): text fields, never files.
    navigate(businessesHref(Object.fromEntries(new FormData(event.currentTarget)) as FilterLink));
  };
}
