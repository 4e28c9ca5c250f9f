/**
 * How many SMS pages a text costs (issue 33: send the cheapest that reaches the person, and count what it costs).
 * Providers bill per page: a text in the GSM 03.38 alphabet takes 160 characters on one page and 153 per page when
 * split (the rest carries the joining header), the characters of its extension table counting two; any other
 * character (an emoji, '…', '₦', curly quotes) sends the whole text as UCS-2: 70 on one page, 67 per page when split.
 * Client-safe and pure.
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** Whether every character of the text is in the GSM 03.38 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!GSM_BASIC.includes(ch) && !GSM_EXTENDED.includes(ch)) return false;
  return true;
}

/** The pages the text is billed as (0 for an empty text). */
export function smsPages(text: string): number {
  if (text.length === 0) return 0;
  if (isGsm7(text)) {
    let units = 0;
    for (const ch of text) units += GSM_EXTENDED.includes(ch) ? 2 : 1;
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  const units = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
