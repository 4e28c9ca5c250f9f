import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { refundLabel } from "../payment-ledger";
import { PaymentsTable, type PaymentRowView } from "./payments-table";

function render(rows: PaymentRowView[]) {
  const router = createMemoryRouter([{ path: "/", element: <PaymentsTable rows={rows} /> }]);
  return renderToString(<RouterProvider router={router} />);
}

const row = (over: Partial<PaymentRowView>): PaymentRowView => ({
  reference: "demo_abc",
  createdAt: new Date("2026-02-01T09:30:00Z"),
  what: "Standard plan",
  listingName: null,
  amountKobo: 299_900,
  status: "succeeded",
  notApplied: false,
  ...over,
});

describe("the owner's payments table", () => {
  it("links a succeeded payment to its receipt and a pending one back to the payment page, a failed one nowhere", () => {
    const html = render([row({}), row({ reference: "paystack-x/1", status: "pending" }), row({ reference: "demo_failed", status: "failed" })]);
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    // Once in the phone's cards and once in the table (issue 32: cards below 640 px, the table from there).
    const once = ["/dashboard/payments/demo_abc", "/payment?reference=paystack-x%2F1"];
    expect(links).toEqual([...once, ...once]);
    expect(html).toContain("1 Feb 2026, 10:30");
    expect(html).toContain("₦2,999");
  });

  it("shows a refund state beside the status when the row has one, and says when a payment was received but not applied", () => {
    const html = render([row({ refundStatus: "refunded" }), row({ reference: "demo_b", refundStatus: "due" }), row({ reference: "demo_c", notApplied: true })]);
    expect(html).toContain("Refunded");
    expect(html).toContain("Refund due");
    expect(html).toContain("Received but not applied");
    expect(refundLabel(null)).toBeNull();
    expect(refundLabel("chargeback")).toBe("Refund: chargeback");
  });
});
