import { loadPage, type Navigate } from "./navigate";

/**
 * The search forms are plain GET forms to /businesses (they work without JavaScript). With JavaScript, submitting
 * trims the text and leaves out empty fields (spec 01 §2), so the address is the one the page's links use.
 */
export function enhanceSearch(form: HTMLElement, navigate: Navigate = loadPage): () => void {
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form as HTMLFormElement)) {
      const text = typeof value === "string" ? value.trim() : "";
      if (text) params.set(name, text);
    }
    const query = params.toString();
    navigate(query ? `/businesses?${query}` : "/businesses");
  };
  form.addEventListener("submit", onSubmit);
  return () => form.removeEventListener("submit", onSubmit);
}
