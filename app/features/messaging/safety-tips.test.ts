import { describe, expect, it } from "vitest";
import { safetyConcerns, type SafetyConcern } from "./safety-tips";

function expectConcern(concern: SafetyConcern, texts: string[]) {
  for (const text of texts) expect(safetyConcerns(text), text).toContain(concern);
}
function expectNone(texts: string[]) {
  for (const text of texts) expect(safetyConcerns(text), text).toEqual([]);
}

describe("safety tips: payment before delivery", () => {
  it("notices English and Nigerian ways of asking to pay first", () => {
    expectConcern("pay-first", [
      "You go pay first before I send the shoes",
      "Pay first abeg, then we deliver",
      "Please send money before delivery",
      "Kindly pay upfront and I will ship tomorrow",
      "We only accept advance payment",
      "Make payment in advance to confirm your order",
      "Transfer before we dispatch the goods",
      "Do the transfer first, my oga",
      "Pay half now, balance before delivery",
      "No payment, no delivery",
      "Send me the alert first",
      "Deposit first to book the date",
      "PAYMENT FIRST, NO STORY",
    ]);
  });

  it("stays quiet for paying on or after delivery and for ordinary talk", () => {
    expectNone([
      "You can pay on delivery",
      "Payment after delivery is fine",
      "Pay when you receive it",
      "I will come first thing tomorrow",
      "Can I pay first thing in the morning?",
      "First, tell me your size",
      "Is the price negotiable?",
      "Delivery takes two days within Lagos",
      "Thanks, I received it before noon",
    ]);
  });
});

describe("safety tips: bank account numbers", () => {
  it("notices a 10-digit NUBAN, with or without a bank name or spaces", () => {
    expectConcern("bank-account", [
      "GTBank 0123456789 Chinedu Okafor",
      "Acct no: 0123456789",
      "Pay into 2034567891 (UBA)",
      "Account number is 0123 456 789",
      "0123-456-789 Zenith",
      "Opay 8031234567",
      "Send to my Kuda 2001234567",
    ]);
  });

  it("does not take phone numbers, prices or other numbers for account numbers", () => {
    expectNone([
      "Call me on 08031234567",
      "My number is 0803 123 4567",
      "WhatsApp +2348031234567",
      "Call 234 803 123 4567",
      "Call 8031234567 anytime",
      "It costs ₦1,500,000",
      "Price: N2500000000",
      "1000000000 naira is too much",
      "The total is 45,000.00",
      "Order 12345 is ready",
      "We have 10 20 30 40 50 pieces",
      "Our shop is at 12 Allen Avenue, Ikeja",
      "Reference 123456789012",
    ]);
  });
});

describe("safety tips: outside payment links", () => {
  it("notices payment sites, pay links on other sites, and short links about paying", () => {
    expectConcern("payment-link", [
      "Pay here: https://paystack.shop/pay/abc123",
      "paystack.com/pay/mama-put",
      "Use https://flutterwave.com/pay/xyz to pay",
      "paypal.me/chinedu",
      "Checkout at https://example-store.com/checkout?id=9",
      "Pay with this link bit.ly/3abcd",
      "https://tinyurl.com/y8payment",
      "Go to www.quickpay-ng.com to complete your order",
    ]);
  });

  it("leaves other links alone", () => {
    expectNone([
      "See our menu at https://mamaput.ng/menu",
      "Photos: bit.ly/3abcd",
      "Follow us on instagram.com/mamaput",
      "I sent the file receipt.pdf",
      "e.g. jollof or fried rice",
      "Price is 1.5k per plate",
    ]);
  });
});

describe("safety tips: more than one reason", () => {
  it("lists every reason in a single message", () => {
    expect(safetyConcerns("Pay first into GTB 0123456789 or use paystack.shop/pay/x")).toEqual(["pay-first", "bank-account", "payment-link"]);
  });
});
