import { loadPage, type Navigate } from "./navigate";

/**
 * 'Near me' on /businesses (ADR 23): the press asks for the browser's position and opens the same search with
 * `near=lat,lng` rounded to 4 decimals (about 11 m: shareable, cacheable addresses). Without a position, or without
 * JavaScript (the link opens #near-me), the panel says why and takes typed coordinates. The panel's form carries the
 * search as it is (hidden fields), so the address is built from it.
 */
export function enhanceNearMe(link: HTMLElement, navigate: Navigate = loadPage): () => void {
  const panel = document.getElementById(link.getAttribute("href")!.slice(1));
  const form = panel?.querySelector("form");
  const refuse = () => {
    link.removeAttribute("aria-busy");
    panel?.classList.remove("hidden");
  };
  const onClick = (event: Event) => {
    event.preventDefault();
    if (!("geolocation" in navigator) || !form) return refuse();
    link.setAttribute("aria-busy", "true");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const round = (value: number) => Math.round(value * 1e4) / 1e4;
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(form)) if (name !== "near" && typeof value === "string" && value) params.set(name, value);
        params.set("near", `${round(coords.latitude)},${round(coords.longitude)}`);
        navigate(`/businesses?${params}`);
      },
      refuse,
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };
  link.addEventListener("click", onClick);
  return () => link.removeEventListener("click", onClick);
}
