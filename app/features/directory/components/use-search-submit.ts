import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { businessesHref } from "../search-params";

/**
 * The search forms are plain GET forms to /businesses, so they work before and without JavaScript.
 * Once the page is interactive, submitting trims the text and leaves out empty fields (spec 01 §2).
 */
export function useSearchSubmit() {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => form.get(name) as string | null;
    navigate(businessesHref({ q: field("q"), region: field("region"), category: field("category"), near: field("near") }));
  };
}
