import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DataSaverContext } from "./data-saver";
import { isFooterVisible } from "./navigation";
import { SiteFooter } from "./site-footer";

describe("the site footer", () => {
  it("links the privacy notice, help, feedback and pricing", () => {
    const router = createMemoryRouter([{ path: "/", element: <SiteFooter signedIn={false} /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    // Then the page in each language (issue 36).
    expect(links).toEqual(["/privacy", "/help", "/feedback", "/pricing", "/", "/pcm", "/ha", "/yo", "/ig"]);
    expect(html).toContain("Privacy");
  });

  it("ends with the 'Data saver' switch: a form posting the other choice and the way back to this page", () => {
    const render = (on: boolean) => {
      const router = createMemoryRouter([{ path: "/businesses", element: <SiteFooter signedIn={false} /> }], { initialEntries: ["/businesses?q=bread&region=Lagos"] });
      return renderToString(
        <DataSaverContext value={on}>
          <RouterProvider router={router} />
        </DataSaverContext>,
      );
    };
    const off = render(false);
    expect(off).toMatch(/<form [^>]*action="\/data-saver" method="post">/);
    expect(off).toContain('<input type="hidden" name="dataSaver" value="on"/>');
    expect(off).toContain('<input type="hidden" name="redirectTo" value="/businesses?q=bread&amp;region=Lagos"/>');
    expect(off).toMatch(/<button type="submit" aria-pressed="false"[^>]*>Data saver<span aria-hidden="true"[^>]*>Off<\/span>/);
    const on = render(true);
    expect(on).toContain('<input type="hidden" name="dataSaver" value="off"/>');
    expect(on).toMatch(/<button type="submit" aria-pressed="true"[^>]*>Data saver<span aria-hidden="true"[^>]*>On<\/span>/);
  });

  it("ends every page but the chat", () => {
    for (const path of ["/", "/businesses", "/register", "/register/visitor", "/profile", "/privacy", "/admin"]) expect(isFooterVisible(path)).toBe(true);
    for (const path of ["/messages", "/Messages/"]) expect(isFooterVisible(path)).toBe(false);
  });
});
