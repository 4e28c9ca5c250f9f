import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedback } from "../../../db/schema";
import { createFeedback, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "../../lib/db.server";
import { FEEDBACK_LIMIT, submitFeedback } from "./submit-feedback.server";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS } from "./feedback.schemas";

async function visitor() {
  return actorFor(await createVisitor(getDb()));
}

async function rowsOf(userId: string) {
  return getDb().select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.createdAt));
}

describe("sending feedback", () => {
  it("uses the spec's texts word for word", () => {
    expect(FEEDBACK_TEXTS.authRequired).toEqual({ title: "Authentication required", text: "Please log in to submit feedback." });
    expect(FEEDBACK_TEXTS.required).toEqual({ title: "Feedback required", text: "Please enter your feedback before submitting." });
    expect(FEEDBACK_TEXTS.failed).toEqual({ title: "Submission failed", text: "There was an error submitting your feedback. Please try again." });
  });

  it("stores the trimmed text with status new for the signed-in user", async () => {
    const actor = await visitor();
    // Other people's feedback is already there: nothing assumes an empty table.
    await createFeedback(getDb(), { message: "Someone else's idea" });
    const result = await submitFeedback(actor, { message: "  \n Please add a map view!  \t" });
    expect(result).toMatchObject({ ok: true });
    const rows = await rowsOf(actor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "Please add a map view!", status: "new", userId: actor.id });
    if (result.ok) expect(rows[0]!.id).toBe(result.feedbackId);
  });

  it("requires login: 'Authentication required' - 'Please log in to submit feedback.'", async () => {
    const before = await getDb().select({ id: feedback.id }).from(feedback);
    expect(await submitFeedback(null, { message: "Anonymous idea" })).toEqual({ ok: false, failure: FEEDBACK_TEXTS.authRequired });
    expect(await getDb().select({ id: feedback.id }).from(feedback)).toHaveLength(before.length);
  });

  it("requires non-blank text: 'Feedback required' - 'Please enter your feedback before submitting.'", async () => {
    const actor = await visitor();
    for (const message of ["", "   ", "\n\t ", undefined, 42]) {
      expect(await submitFeedback(actor, { message })).toEqual({ ok: false, failure: FEEDBACK_TEXTS.required });
    }
    expect(await rowsOf(actor.id)).toHaveLength(0);
  });

  it("refuses text longer than the limit with its own message", async () => {
    const actor = await visitor();
    expect(await submitFeedback(actor, { message: "x".repeat(FEEDBACK_MAX_LENGTH + 1) })).toEqual({ ok: false, failure: FEEDBACK_TEXTS.tooLong });
    expect(await submitFeedback(actor, { message: ` ${"y".repeat(FEEDBACK_MAX_LENGTH)} ` })).toMatchObject({ ok: true });
  });

  it("limits how much one account can send in a short time", async () => {
    const actor = await visitor();
    for (let i = 0; i < FEEDBACK_LIMIT.count; i++) expect((await submitFeedback(actor, { message: `Idea ${i}` })).ok).toBe(true);
    expect(await submitFeedback(actor, { message: "One more" })).toEqual({ ok: false, failure: FEEDBACK_TEXTS.tooMany });
    expect(await rowsOf(actor.id)).toHaveLength(FEEDBACK_LIMIT.count);
  });

  it("answers 'Submission failed' when the database refuses the row", async () => {
    const actor = await visitor();
    // A session whose account has just been deleted: the foreign key refuses the insert.
    const ghost = { ...actor, id: randomUUID() };
    expect(await submitFeedback(ghost, { message: "Hello" })).toEqual({ ok: false, failure: FEEDBACK_TEXTS.failed });
  });
});
