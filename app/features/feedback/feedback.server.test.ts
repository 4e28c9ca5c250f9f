import { randomUUID } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedback } from "../../../db/schema";
import { createFeedback, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { databaseError, SQLSTATE } from "../../../tests/support/db-errors";
import { refusal } from "../../../tests/support/refusals";
import type { AppErrorCode } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import * as feedbackRoute from "../../routes/account/feedback";
import { renderRoute, sessionCookie } from "../../../tests/support/screen-harness";
import { FEEDBACK_LIMIT, submitFeedback } from "./submit-feedback.server";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS } from "./feedback.schemas";

/** The use case refused with this code and exactly the spec's title and text. */
async function expectRefusal(promise: Promise<unknown>, code: AppErrorCode, text: { title: string; text: string }) {
  const error = await refusal(promise);
  expect({ code: error.code, title: error.title, text: error.message }).toEqual({ code, ...text });
}

const feedbackCount = async () => (await getDb().select({ n: count() }).from(feedback))[0]!.n;

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
    const rows = await rowsOf(actor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "Please add a map view!", status: "new", userId: actor.id });
    expect(rows[0]!.id).toBe(result.feedbackId);
  });

  it("requires login: 'Authentication required' - 'Please log in to submit feedback.'", async () => {
    const before = await getDb().select({ id: feedback.id }).from(feedback);
    await expectRefusal(submitFeedback(null, { message: "Anonymous idea" }), "unauthenticated", FEEDBACK_TEXTS.authRequired);
    expect(await getDb().select({ id: feedback.id }).from(feedback)).toHaveLength(before.length);
  });

  it("requires non-blank text: 'Feedback required' - 'Please enter your feedback before submitting.'", async () => {
    const actor = await visitor();
    for (const message of ["", "   ", "\n\t ", undefined, 42]) {
      await expectRefusal(submitFeedback(actor, { message }), "invalid", FEEDBACK_TEXTS.required);
    }
    expect(await rowsOf(actor.id)).toHaveLength(0);
  });

  it("refuses text longer than the limit with its own message", async () => {
    const actor = await visitor();
    await expectRefusal(submitFeedback(actor, { message: "x".repeat(FEEDBACK_MAX_LENGTH + 1) }), "invalid", FEEDBACK_TEXTS.tooLong);
    expect(await rowsOf(actor.id)).toHaveLength(0);
    const sent = await submitFeedback(actor, { message: ` ${"y".repeat(FEEDBACK_MAX_LENGTH)} ` });
    expect((await rowsOf(actor.id)).map((r) => r.id)).toEqual([sent.feedbackId]);
  });

  it("limits how much one account can send in a short time", async () => {
    const actor = await visitor();
    for (let i = 0; i < FEEDBACK_LIMIT.count; i++) await expect(submitFeedback(actor, { message: `Idea ${i}` })).resolves.toHaveProperty("feedbackId");
    await expectRefusal(submitFeedback(actor, { message: "One more" }), "rate-limited", FEEDBACK_TEXTS.tooMany);
    expect(await rowsOf(actor.id)).toHaveLength(FEEDBACK_LIMIT.count);
  });

  it("lets the database's refusal of the row through as a fault (not a refusal), storing nothing", async () => {
    const actor = await visitor();
    // A session whose account has just been deleted: the foreign key refuses the insert.
    const ghost = { ...actor, id: randomUUID() };
    const before = await feedbackCount();
    // databaseError reads the database's own error: an AppError would carry no SQLSTATE.
    expect((await databaseError(submitFeedback(ghost, { message: "Hello" }))).code).toBe(SQLSTATE.foreignKeyViolation);
    expect(await feedbackCount()).toBe(before);
  });

  it("answers 'Submission failed' on the page when the database refuses the row, keeping the text", async () => {
    const owner = await createVisitor(getDb());
    const cookie = await sessionCookie(owner.email);
    // This file's own database refuses every new feedback row for a moment.
    await getDb().execute(
      sql.raw("create function refuse_feedback() returns trigger language plpgsql as $$ begin raise exception 'feedback refused for the test'; end $$"),
    );
    await getDb().execute(sql.raw("create trigger refuse_feedback before insert on feedback for each row execute function refuse_feedback()"));
    let shown;
    try {
      shown = await renderRoute(feedbackRoute, "/feedback", { cookie, form: { message: "Please add a map view!" }, requestId: "req-feedback-1" });
    } finally {
      await getDb().execute(sql.raw("drop trigger refuse_feedback on feedback"));
      await getDb().execute(sql.raw("drop function refuse_feedback()"));
    }
    if (shown.kind !== "page") throw new Error(`expected a page, got a redirect to ${shown.location}`);
    expect(shown.status).toBe(500);
    expect(shown.text).toContain(FEEDBACK_TEXTS.failed.title);
    expect(shown.text).toContain(FEEDBACK_TEXTS.failed.text);
    expect(shown.html).toContain("Please add a map view!");
    // A fault of ours: the person gets the id our log line carries, to quote to support.
    expect(shown.text).toContain("Error ID: req-feedback-1");
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});
