import { describe, expect, it } from "vitest";
import {
  formatNairaExact,
  parsePageNumber,
  paymentStatusLabel,
  paymentWhat,
  periodText,
  providerLabel,
  receiptHref,
  receiptShareText,
  sellerLines,
  type ReceiptSeller,
} from "./payment-ledger";

const DAY = 86_400_000;

describe("how a payment reads", () => {
  it("shows kobo exactly, with thousands separators, never rounded", () => {
    expect(formatNairaExact(299_900)).toBe("₦2,999.00");
    expect(formatNairaExact(4_999_950)).toBe("₦49,999.50");
    expect(formatNairaExact(5)).toBe("₦0.05");
    expect(formatNairaExact(0)).toBe("₦0.00");
    expect(formatNairaExact(123_456_789)).toBe("₦1,234,567.89");
    expect(() => formatNairaExact(1.5)).toThrow(RangeError);
  });

  it("names statuses, including ones this build does not know yet", () => {
    expect(paymentStatusLabel("succeeded")).toBe("Succeeded");
    expect(paymentStatusLabel("refund_pending")).toBe("Refund pending");
  });

  it("says the period in Lagos dates, or from the admin's approval for a featured placement not yet approved", () => {
    const startsAt = new Date("2026-11-30T23:30:00Z"); // 1 Dec in Lagos
    const endsAt = new Date(startsAt.getTime() + 30 * DAY);
    expect(periodText("subscription", { startsAt, endsAt, days: 30 })).toBe("1 Dec 2026 – 31 Dec 2026 (30 days)");
    expect(periodText("featured", { startsAt: null, endsAt: null, days: 90 })).toBe("90 days from the day an admin approves the placement");
  });

  it("names what was bought, the provider, the receipt's address and a page number", () => {
    expect(paymentWhat({ purpose: "subscription", planId: "premium" })).toBe("Premium plan");
    expect(paymentWhat({ purpose: "featured", planId: "enterprise" })).toBe("Enterprise featured placement");
    expect(providerLabel("paystack")).toBe("Paystack");
    expect(receiptHref("paystack-a/b")).toBe("/dashboard/payments/paystack-a%2Fb");
    expect([parsePageNumber("3"), parsePageNumber("0"), parsePageNumber("x"), parsePageNumber(null), parsePageNumber("1e9")]).toEqual([3, 1, 1, 1, 1]);
  });
});

describe("a receipt's seller and its plain-text version (the Share button)", () => {
  const seller: ReceiptSeller = {
    name: "Naija Directory Ltd",
    address: "12 Awolowo Road, Ikoyi, Lagos",
    registration: "RC 1234567",
    tin: "12345678-0001",
    email: null,
    phone: "+234 801 234 5678",
  };
  const receipt = {
    reference: "demo-0123456789abcdef01234567",
    amountKobo: 999_900,
    currency: "NGN",
    purpose: "featured",
    what: "Premium featured placement",
    listingName: "Iya Basira\nKitchen",
    period: { startsAt: "2026-06-10T12:00:00Z", endsAt: "2026-07-10T12:00:00Z", days: 30 },
    createdAt: "2026-06-10T11:59:00Z",
    paidAt: "2026-06-10T12:00:00Z",
    seller,
  };

  it("lists the seller's details that are set, each labelled", () => {
    expect(sellerLines(seller)).toEqual([
      "Naija Directory Ltd",
      "12 Awolowo Road, Ikoyi, Lagos",
      "CAC registration: RC 1234567",
      "TIN: 12345678-0001",
      "Phone: +234 801 234 5678",
    ]);
    expect(sellerLines({ name: "Naija Directory", address: null, registration: null, tin: null, email: null, phone: null })).toEqual(["Naija Directory"]);
  });

  it("reads issuer, reference, item, period, amount and date paid, one line each (user text kept on one line), without the page's address", () => {
    expect(receiptShareText(receipt)).toBe(
      [
        "Receipt from Naija Directory Ltd (CAC registration: RC 1234567; TIN: 12345678-0001)",
        "Reference: demo-0123456789abcdef01234567",
        "Item: Premium featured placement for Iya Basira Kitchen",
        "Period: 10 Jun 2026 – 10 Jul 2026 (30 days)",
        "Amount paid: ₦9,999.00 (NGN)",
        "Date paid: 10 Jun 2026, 13:00",
      ].join("\n"),
    );
    expect(receiptShareText({ ...receipt, seller: { ...seller, registration: null, tin: null } }).split("\n")[0]).toBe("Receipt from Naija Directory Ltd");
    expect(receiptShareText(receipt)).not.toContain("/dashboard/payments");
  });
});
