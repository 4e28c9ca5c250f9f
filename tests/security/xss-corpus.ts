/**
 * Hostile text for the hostile-text suite: script tags, event handlers, javascript: and data: URLs, text that
 * closes a <script> (JSON-LD), JavaScript line terminators (U+2028/U+2029), bidirectional overrides, template
 * syntax and pre-escaped entities. Each payload carries a marker (X01…) so the text can be found again.
 */

export type Payload = { marker: string; text: string; why: string };

export const PAYLOADS: readonly Payload[] = [
  { marker: "X01", text: `<script>alert('X01')</script>`, why: "a script element" },
  { marker: "X02", text: `<img src=x onerror=alert('X02')>`, why: "an event handler on an injected element" },
  { marker: "X03", text: `"><svg/onload=alert('X03')>`, why: "breaking out of a double-quoted attribute" },
  { marker: "X04", text: `' onmouseover='alert("X04")' x='`, why: "breaking out of a single-quoted attribute" },
  { marker: "X05", text: `javascript:alert('X05')`, why: "a javascript: URL" },
  { marker: "X06", text: `</script><script>alert('X06')</script>`, why: "closing an inline script (JSON-LD, loader data)" },
  { marker: "X07", text: `</ScRiPt ><!--X07`, why: "closing a script in another case, opening a comment" },
  { marker: "X08", text: `X08\u2028\u2029end`, why: "line and paragraph separators (JavaScript string terminators before ES2019)" },
  { marker: "X09", text: `\u202EX09gnp.exe\u2066`, why: "right-to-left override and isolate (spoofing)" },
  { marker: "X10", text: `<a href="javascript:alert('X10')">X10</a>`, why: "a javascript: link" },
  { marker: "X11", text: `<iframe srcdoc="<script>alert('X11')</script>">`, why: "an iframe with a document" },
  { marker: "X12", text: `&lt;b&gt;X12&amp;&#x27;`, why: "already escaped text must not be unescaped" },
  { marker: "X13", text: `{{constructor.constructor('alert(13)')()}}X13`, why: "template injection" },
  { marker: "X14", text: "${alert('X14')}`", why: "template literal syntax" },
  { marker: "X15", text: `<style>@import'//evil.example/X15'</style>`, why: "a style element" },
  { marker: "X16", text: `data:text/html,<script>alert('X16')</script>`, why: "a data: URL with a document" },
  { marker: "X17", text: `\\u003cscript\\u003eX17`, why: "a JSON escape written as text must stay text" },
];

/** Website values: each is refused by the listing form or shown only as an http(s) link. */
export const HOSTILE_WEBSITES: readonly string[] = [
  `javascript:alert('W01')`,
  ` JaVaScRiPt:alert('W02')`,
  `data:text/html,<script>alert('W03')</script>`,
  `vbscript:msgbox('W04')`,
  `https://example.com/W05"><svg/onload=alert('W05')>`,
  `https://example.com/W06?q=</script><script>alert('W06')</script>`,
];

/** Bidirectional embedding, override and isolate controls: spoofing in names, never allowed there. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** The payloads packed into strings of at most `max` characters (fields with a length limit). */
export function chunks(max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const { text } of PAYLOADS) {
    if (text.length > max) throw new Error(`payload longer than ${max}: ${text}`);
    if (current && current.length + 1 + text.length > max) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${text}` : text;
  }
  if (current) out.push(current);
  return out;
}

/** Every payload in one text (free-text fields: descriptions, messages, feedback). */
export const ALL_PAYLOADS = PAYLOADS.map((p) => p.text).join("\n");
