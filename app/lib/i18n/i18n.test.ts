/**
 * t()'s own fast paths (a text without values looked up once; plain {{values}} filled without i18next) give exactly
 * what i18next gives, and a catalog added later is seen at once.
 */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { addCatalog, tFor } from "./i18n";

const reference = i18next.createInstance();
void reference.init({ lng: "en", initAsync: false, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: {} });

describe("t()", () => {
  it("fills values as i18next does: a missing value keeps its marker, null and undefined are nothing, no value is read twice", () => {
    const cases: [string, Record<string, unknown>][] = [
      ["Hello {{name}} and {{other}}", { name: "Ada" }],
      ["Spaced {{ name }}", { name: "Bola" }],
      ["Zero {{n}}", { n: 0 }],
      ["Nothing {{n}}", { n: undefined }],
      ["Null {{n}}", { n: null }],
      ["Twice {{a}}{{a}} and a value with markers", { a: "$& {{a}}" }],
    ];
    for (const [key, values] of cases) expect(tFor("en")(key, values), key).toBe(reference.t(key, values as never));
  });

  it("sees a catalog added after a text was first looked up", () => {
    const key = "A text only this test knows";
    expect(tFor("ig")(key)).toBe(key);
    addCatalog("ig", { [key]: "Ederede nke ule a naanị maara" });
    expect(tFor("ig")(key)).toBe("Ederede nke ule a naanị maara");
    expect(tFor("ig")("Keep {{x}}", { x: 1 })).toBe("Keep 1");
  });
});
