import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isFooterVisible } from "./navigation";
import { SiteFooter } from "./site-footer";

describe("the site footer", () => {
  it("links the privacy notice, help, feedback and pricing", () => {
    const router = createMemoryRouter([{ path: "/", element: <SiteFooter /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual(["/privacy", "/help", "/feedback", "/pricing"]);
    expect(html).toContain("Privacy");
  });

  it("ends every page but the chat", () => {
    for (const path of ["/", "/businesses", "/register", "/register/visitor", "/profile", "/privacy", "/admin"]) expect(isFooterVisible(path)).toBe(true);
    for (const path of ["/messages", "/Messages/"]) expect(isFooterVisible(path)).toBe(false);
  });
});
