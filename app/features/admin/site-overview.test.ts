import { describe, expect, it } from "vitest";
import { changeText } from "./site-overview";

describe("the overview's change from the period before", () => {
  it("says the change in words, and nothing when the period before was not counted", () => {
    expect(changeText(5, 4, 7)).toBe("+25% on the 7 days before");
    expect(changeText(9, 10, 30)).toBe("−10% on the 30 days before");
    expect(changeText(1001, 1000, 7)).toBe("+<1% on the 7 days before");
    expect(changeText(999, 1000, 7)).toBe("−<1% on the 7 days before");
    expect(changeText(3, 3, 90)).toBe("same as the 90 days before");
    expect(changeText(0, 0, 7)).toBe("same as the 7 days before");
    expect(changeText(4, 0, 7)).toBe("none in the 7 days before");
    expect(changeText(4, undefined, 90)).toBeNull();
  });
});
