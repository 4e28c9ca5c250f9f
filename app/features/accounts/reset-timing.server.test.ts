/**
 * A password reset (and a new verification link) must not answer a known address more slowly than an
 * unknown one, or the timing tells who has an account. The e-mail is a job (ADR 34), sent by the queue's
 * workers through a real SMTP server on loopback that, like a real one, takes a moment per step; the answer
 * waits for neither.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVisitor, uniqueEmail } from "../../../db/seed/factories";
import { settleBackgroundTasks } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { runDueJobs } from "../../lib/jobs.server";
import { JOB_HANDLERS } from "../../../server/jobs";
import { getEnv, setEnv, type Env } from "../../lib/env.server";
import { setSingleton } from "../../lib/singleton.server";
import { smtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { runsOnce } from "../../../tests/support/database-kind";
import { ACCOUNT_TEXTS } from "./account.schemas";
import { requestPasswordReset } from "./password-reset.server";
import { resendVerification } from "./sign-in.server";

let sink: SmtpSink;
let previous: Env;

beforeAll(async () => {
  sink = await smtpSink({ latencyMs: 20 });
  previous = getEnv();
  setEnv({ ...previous, SMTP_URL: sink.url });
  setSingleton("smtp", undefined);
});
afterAll(async () => {
  await settleBackgroundTasks();
  setEnv(previous);
  setSingleton("smtp", undefined);
  await sink?.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

let address = 0;
/** Times `run` once, then lets whatever it left running finish (untimed), so one request never slows the next. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  await settleBackgroundTasks();
  // What the server's workers do meanwhile: send the e-mail the request enqueued.
  await runDueJobs(JOB_HANDLERS);
  return ms;
}

/**
 * Median answer times over known and unknown addresses, taken in turn (which goes first alternates). The
 * first two of each kind warm up (code loading, the first SMTP connection) and are not counted.
 */
async function compare(known: string[], ask: (email: string) => Promise<unknown>) {
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < known.length; i++) {
    const askKnown = async () => knownMs.push(await timed(() => ask(known[i]!)));
    const askUnknown = async () => unknownMs.push(await timed(() => ask(uniqueEmail("nobody"))));
    if (i % 2 === 0) {
      await askKnown();
      await askUnknown();
    } else {
      await askUnknown();
      await askKnown();
    }
  }
  const counted = { known: knownMs.slice(2), unknown: unknownMs.slice(2) };
  return { known: median(counted.known), unknown: median(counted.unknown), samples: counted };
}

// Timing only, not the database: once is enough.
describe.runIf(runsOnce)("answers that reveal no account by their timing", () => {
  it("a reset request answers a known and an unknown address alike, within 10 ms (median of 20 each), and the known one still gets its e-mail", async () => {
    const people = await Promise.all(Array.from({ length: 22 }, () => createVisitor(getDb())));
    const sent = sink.messages.length;
    const medians = await compare(people.map((p) => p.email), async (email) => {
      expect(await requestPasswordReset(email, { clientAddress: `10.14.0.${++address % 250}` })).toEqual({ message: ACCOUNT_TEXTS.resetGeneric });
    });
    expect(Math.abs(medians.known - medians.unknown), JSON.stringify(medians)).toBeLessThan(10);
    const mails = sink.messages.slice(sent);
    expect(mails).toHaveLength(22);
    expect(new Set(mails.flatMap((m) => m.to))).toEqual(new Set(people.map((p) => p.email)));
    expect(mails[0]!.data).toMatch(/Subject: Reset your password/);
  });

  // better-auth pads this answer to 500 ms itself; in the background it no longer holds the answer up.
  it("a new verification link answers an unverified and an unknown address alike, within 10 ms (median of 10 each)", async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => createVisitor(getDb(), { emailVerified: false })));
    const sent = sink.messages.length;
    const medians = await compare( people.map((p) => p.email), (email) => resendVerification(email, { clientAddress: `10.14.1.${++address % 250}` }));
    expect(Math.abs(medians.known - medians.unknown), JSON.stringify(medians)).toBeLessThan(10);
    expect(sink.messages.length - sent).toBe(12);
  });
});
