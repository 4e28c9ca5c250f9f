import { onTestFinished } from "vitest";
import { getEnv, setEnv, type Env } from "../../app/lib/env.server";

/** A seller with every kind of detail a receipt shows, and text that must stay text ('&', '<…>'). */
export const TEST_SELLER = {
  RECEIPT_SELLER_NAME: "Ade & Sons <Nigeria> Ltd",
  RECEIPT_SELLER_ADDRESS: "12 Awolowo Road, Ikoyi, Lagos",
  RECEIPT_SELLER_RC: "RC 1234567",
  RECEIPT_SELLER_TIN: "12345678-0001",
} as const satisfies Partial<Env>;

/** Sets the operator's seller details (RECEIPT_SELLER_*) for the running test; the configuration is put back after it. */
export function useSeller(values: Partial<Env>): void {
  const original = getEnv();
  setEnv({ ...original, ...values });
  onTestFinished(() => setEnv(original));
}
