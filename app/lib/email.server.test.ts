import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listOutbox, sendEmail } from "./email.server";

describe("sendEmail without SMTP_URL", () => {
  it("keeps the e-mail in the outbox, which lists newest first", async () => {
    const tag = randomUUID();
    const older = { to: `a-${tag}@example.com`, subject: `older ${tag}`, text: "Hello", html: "<p>Hello</p>" };
    const newer = { to: `b-${tag}@example.com`, subject: `newer ${tag}`, text: "Again", html: "<p>Again</p>" };
    await sendEmail(older);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendEmail(newer);

    const outbox = (await listOutbox()).filter((m) => m.subject.includes(tag));
    expect(outbox).toHaveLength(2);
    expect(outbox[0]).toMatchObject(newer);
    expect(outbox[1]).toMatchObject(older);
    expect(outbox[0].createdAt).toBeInstanceOf(Date);
    expect(outbox[0].createdAt.getTime()).toBeGreaterThanOrEqual(outbox[1].createdAt.getTime());
  });

  it("listOutbox honours its limit", async () => {
    const tag = randomUUID();
    for (let i = 0; i < 3; i++) await sendEmail({ to: `c${i}-${tag}@example.com`, subject: `limit ${tag}`, text: "x", html: "x" });
    expect(await listOutbox(2)).toHaveLength(2);
  });
});
