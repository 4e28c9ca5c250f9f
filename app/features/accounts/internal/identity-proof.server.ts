/**
 * The proof that a person confirmed it is them (confirm-identity.server.ts): the account's id and an expiry 15 minutes
 * on, signed with AUTH_SECRET. Checked by the use cases that change how an account is signed in to.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../../../lib/app-error";
import { getEnv } from "../../../lib/env.server";
import { IDENTITY_PROOF_MINUTES, REAUTH_TEXTS } from "../phone.schemas";
import type { SessionUser } from "../session-user";

function sign(payload: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`confirm-identity\0${payload}`).digest("base64url");
}

export function proofFor(userId: string): string {
  const payload = `${userId}.${Date.now() + IDENTITY_PROOF_MINUTES * 60_000}`;
  return `${payload}.${sign(payload)}`;
}

/** Whether `proof` is a live confirmation of this account. */
export function isLiveProof(actor: Pick<SessionUser, "id">, proof: string | null | undefined): boolean {
  if (!proof || proof.length > 300) return false;
  const at = proof.lastIndexOf(".");
  if (at < 0) return false;
  const payload = proof.slice(0, at);
  const given = Buffer.from(proof.slice(at + 1), "base64url");
  const expected = Buffer.from(sign(payload), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const dot = payload.lastIndexOf(".");
  return payload.slice(0, dot) === actor.id && Number(payload.slice(dot + 1)) > Date.now();
}

/** Throws AppError 'invalid' (asking to confirm again) unless `proof` is a live confirmation of this account. */
export function requireIdentityProof(actor: SessionUser, proof: string | null | undefined): void {
  if (!isLiveProof(actor, proof)) throw new AppError("invalid", REAUTH_TEXTS.again, { reason: "reauth" });
}

