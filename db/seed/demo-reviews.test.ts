import { describe, expect, it } from "vitest";
import { DEMO_REPLIES_TO_PRAISE, DEMO_REPLY_TO_COMPLAINT, DEMO_REVIEWS } from "./data";

/** Words of a complaint and of praise: a demo review's text must agree with its stars (issue 32). */
const COMPLAINT = /\b(late|longer than promised|went up|nobody|sorry|bad|rude|dirty|never)\b/i;
const PRAISE = /\b(excellent|best|recommend|very good|thank you|kind)\b/i;

describe("demo reviews", () => {
  it("say what their stars say: no complaint under four or five stars, no praise under one or two", () => {
    for (const { stars, body } of DEMO_REVIEWS) {
      if (stars >= 4) expect([stars, body, COMPLAINT.test(body)]).toEqual([stars, body, false]);
      if (stars <= 2) expect([stars, body, PRAISE.test(body)]).toEqual([stars, body, false]);
    }
    for (const reply of DEMO_REPLIES_TO_PRAISE) expect(COMPLAINT.test(reply)).toBe(false);
    expect(DEMO_REPLY_TO_COMPLAINT).toMatch(/sorry/i);
  });

  it("keep the spread of ratings (averages that differ) and hold no links or numbers (they would be held)", () => {
    expect(new Set(DEMO_REVIEWS.map((r) => r.stars))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const { body } of DEMO_REVIEWS) expect(body).not.toMatch(/\d|https?:|www\./);
  });
});
