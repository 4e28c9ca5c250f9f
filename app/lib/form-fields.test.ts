import { describe, expect, it } from "vitest";
import { formText } from "./form-fields";

describe("formText", () => {
  it("reads a text field, and gives '' for a missing field or a file", () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("empty", "");
    form.set("upload", new File(["x"], "x.txt"));
    expect(formText(form, "intent")).toBe("save");
    expect(formText(form, "empty")).toBe("");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "upload")).toBe("");
  });
});
