import { describe, expect, it } from "vitest";
import { withoutBidiControls } from "./plain-text";

describe("withoutBidiControls", () => {
  it("removes embedding, override and isolate controls and keeps everything else", () => {
    expect(withoutBidiControls("Ada\u202Eexe.txt")).toBe("Adaexe.txt");
    expect(withoutBidiControls("\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069x")).toBe("x");
    // Marks (U+200E/U+200F) do not reorder what follows; Arabic and Hebrew text stays as typed.
    expect(withoutBidiControls("\u200Fمحمد שלום\u200E")).toBe("\u200Fمحمد שלום\u200E");
  });
});
