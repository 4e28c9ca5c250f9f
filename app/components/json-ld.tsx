/**
 * The one element that writes a string into the page unescaped (the linter allows dangerouslySetInnerHTML
 * here only): a page's schema.org JSON-LD, already made safe inside <script> by its builder (every '<'
 * escaped; see app/features/directory/business-json-ld.ts). User text is never rendered as HTML anywhere.
 */
export function JsonLd({ json, nonce }: { json: string; nonce: string }) {
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
