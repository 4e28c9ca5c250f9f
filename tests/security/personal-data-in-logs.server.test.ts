import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createBusiness, createOwner, createVisitor } from "../../db/seed/factories";
import { requestPasswordReset } from "../../app/features/accounts/password-reset.server";
import { registerUser } from "../../app/features/accounts/register-user.server";
import { settleBackgroundTasks } from "../../app/lib/background.server";
import { getDb } from "../../app/lib/db.server";
import { deliveredMail } from "../support/outbox";
import { runDueJobs } from "../../app/lib/jobs.server";
import { JOB_HANDLERS } from "../../server/jobs";
import { captureLogs } from "../../app/lib/logger.server";
import { sessionCookieFor } from "../support/app-process";
import { listen, testApp } from "../support/server";

const BASE = "http://localhost:3000";
const PASSWORD = "Kola-Nut-Sunrise-42";

describe("no personal data in the log at info level (e-mails, phone numbers, message texts)", () => {
  it("a sign-up, a message (which e-mails the owner) and a password reset log neither address, phone nor text; every line has pid", async () => {
    const tag = randomUUID().slice(0, 8);
    const visitorEmail = `logcheck-${tag}@example.ng`;
    const phone = `+23480${String(Date.now()).slice(-8)}`;
    const text = `Private words ${tag}, call me on ${phone}`;
    const owner = await createOwner(getDb(), { email: `owner-${tag}@example.ng` });
    const business = await createBusiness(getDb(), { userId: owner.id, phoneNumber: phone });
    const visitor = await createVisitor(getDb(), { email: `sender-${tag}@example.ng` });

    const capture = captureLogs();
    let lines: string[];
    try {
      await registerUser(
        { accountType: "visitor", firstName: "Chiamaka", lastName: "Okafor", email: visitorEmail, password: PASSWORD, confirmPassword: PASSWORD, country: "Nigeria", state: "Lagos" },
        { request: new Request(`${BASE}/register`, { method: "POST", headers: { origin: BASE } }), clientAddress: "10.6.0.1" },
      );
      // Through the real HTTP endpoint: the request log line too. The owner is e-mailed about the message.
      const served = await listen(testApp());
      try {
        const sender = await sessionCookieFor(visitor, "10.6.0.2");
        const response = await fetch(`${served.url}/api/messages`, {
          method: "POST",
          headers: { cookie: sender, "content-type": "application/json", origin: BASE },
          body: JSON.stringify({ idempotencyKey: randomUUID(), businessId: business.id, message: text }),
        });
        expect(response.status).toBe(201);
      } finally {
        await served.close();
      }
      await requestPasswordReset(visitorEmail, { clientAddress: "10.6.0.4" });
      await requestPasswordReset(owner.email, { clientAddress: "10.6.0.5" });
      await settleBackgroundTasks();
      // The e-mails are jobs (ADR 34): the workers' lines are judged too.
      await runDueJobs(JOB_HANDLERS);
    } finally {
      lines = capture.stop();
    }

    // The e-mails did go out (to the outbox), so their log lines were written.
    const outbox = await deliveredMail();
    expect(outbox.some((mail) => mail.to === visitorEmail)).toBe(true);
    expect(outbox.some((mail) => mail.to === owner.email && mail.subject.startsWith("New message"))).toBe(true);
    expect(lines.some((line) => line.includes('"email kept in the outbox'))).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"request"'))).toBe(true);
    for (const line of lines) {
      const parsed = JSON.parse(line) as { pid?: unknown; level: number };
      expect(parsed.pid).toBe(process.pid);
      if (parsed.level > 30) continue; // warnings and errors are judged elsewhere (log-secrets)
      for (const secret of [visitorEmail, owner.email, visitor.email, phone, phone.slice(1), text, `Private words ${tag}`]) {
        expect(line.toLowerCase(), `log line holds ${secret}: ${line}`).not.toContain(secret.toLowerCase());
      }
    }
  });
});
