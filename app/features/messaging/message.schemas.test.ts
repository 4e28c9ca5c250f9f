import { describe, expect, it } from "vitest";
import { chatHref, MESSAGE_TEXTS, messageLength, messageProblem, newIdempotencyKey, sanitizeMessage } from "./message.schemas";

describe("sanitizeMessage (spec 01 §5: script blocks and all HTML tags removed)", () => {
  it.each([
    ["<script>alert(1)</script>Hello", "Hello"],
    ['<SCRIPT type="module">x()</SCRIPT >Hi', "Hi"],
    ["<b>bold</b> and <i>italic</i>", "bold and italic"],
    ['<img src=x onerror="alert(1)">pic', "pic"],
    ["<!-- note -->text<br/>", "text"],
    ["<scr<script>x</script>ipt>alert(1)</script>", "alert(1)"],
    ["  padded  ", "padded"],
    ["line 1\r\nline 2", "line 1\nline 2"],
    ["a\u0000b\u0007c", "abc"],
  ])("%j → %j", (raw, clean) => {
    expect(sanitizeMessage(raw)).toBe(clean);
  });

  it("keeps text that only looks like comparison signs", () => {
    expect(sanitizeMessage("2 < 3 and 5 > 4")).toBe("2 < 3 and 5 > 4");
    expect(sanitizeMessage("I <3 your jollof")).toBe("I <3 your jollof");
  });
});

describe("messageProblem (the composer's and the server's check)", () => {
  it("asks for a message when the trimmed text is empty", () => {
    expect(messageProblem("   ")).toBe(MESSAGE_TEXTS.empty);
  });
  it("refuses 0 or more than 1000 characters after sanitising", () => {
    expect(messageProblem("<b></b>")).toBe(MESSAGE_TEXTS.length);
    expect(messageProblem("x".repeat(1001))).toBe(MESSAGE_TEXTS.length);
    expect(messageProblem("x".repeat(1000))).toBeNull();
    expect(messageProblem(`<p>${"x".repeat(1000)}</p>`)).toBeNull();
  });
  it("counts characters as PostgreSQL does (code points)", () => {
    expect(messageLength("😀😀")).toBe(2);
    expect(messageProblem("😀".repeat(1000))).toBeNull();
  });
});

describe("helpers", () => {
  it("makes version 4 UUIDs", () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it("links the visitor to their chat and the owner to one visitor's", () => {
    expect(chatHref({ businessId: "b1", businessName: "Mama Put", visitorId: "v1", viewerId: "v1" })).toBe("/messages?businessId=b1&businessName=Mama+Put");
    expect(chatHref({ businessId: "b1", businessName: "Mama Put", visitorId: "v1", viewerId: "o1" })).toBe("/messages?businessId=b1&visitorId=v1&businessName=Mama+Put");
  });
});
