/**
 * Share on the business page: a link to WhatsApp's share page (it works without JavaScript); with JavaScript, the
 * phone's share sheet, or the link copied where there is none. The status beside it (`[data-share-status]`) says
 * what happened, in the texts the link carries (data-text-copied, data-text-failed: the page's language; English
 * when missing).
 */
export function enhanceShare(link: HTMLElement): () => void {
  const status = link.parentElement?.querySelector<HTMLElement>("[data-share-status]");
  const say = (text: string) => status && (status.textContent = text);
  const onClick = async (event: Event) => {
    const title = link.dataset.title ?? document.title;
    const url = link.dataset.url ?? location.href;
    if (!navigator.share && !navigator.clipboard) return;
    event.preventDefault();
    try {
      if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        say(link.dataset.textCopied ?? "Link copied");
      }
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== "AbortError") say(link.dataset.textFailed ?? "Could not share this page");
    }
  };
  link.addEventListener("click", onClick);
  return () => link.removeEventListener("click", onClick);
}
