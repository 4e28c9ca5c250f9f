/**
 * A small, tolerant reading of server-rendered HTML for the hostile-text tests: its elements and
 * attributes, its scripts, and the problems that would let text someone typed run as code.
 */
import vm from "node:vm";

export type Element = { name: string; attrs: Record<string, string>; raw: string };
export type Script = { attrs: Record<string, string>; content: string };
export type ParsedHtml = { elements: Element[]; scripts: Script[]; styles: string[]; text: string };

const RAW_TEXT = new Set(["script", "style"]);
const ESCAPABLE_RAW_TEXT = new Set(["textarea", "title"]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background", "ping", "cite", "srcset"]);

/** The five characters escaped as React escapes text and attribute values. */
export function reactEscape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[ch]!);
}

export function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(pattern)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/**
 * Reads HTML the way a browser tokenizes it, well enough for these checks: tags and their attributes,
 * comments, and the raw text of script, style, textarea and title elements (which ends only at its end tag).
 */
export function parseHtml(html: string): ParsedHtml {
  const elements: Element[] = [];
  const scripts: Script[] = [];
  const styles: string[] = [];
  let text = "";
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(html.slice(lt));
    const close = /^<\/([a-zA-Z][a-zA-Z0-9:-]*)[^>]*>/.exec(html.slice(lt));
    if (close) {
      i = lt + close[0].length;
      continue;
    }
    if (!tag) {
      // '<' that does not start a tag is text (browsers treat it so).
      text += "<";
      i = lt + 1;
      continue;
    }
    const name = tag[1]!.toLowerCase();
    const attrs = parseAttributes(tag[2]!.replace(/\/$/, ""));
    elements.push({ name, attrs, raw: tag[0] });
    i = lt + tag[0].length;
    if (RAW_TEXT.has(name) || ESCAPABLE_RAW_TEXT.has(name)) {
      const endPattern = new RegExp(`</${name}[\\s/>]`, "i");
      const rest = html.slice(i);
      const end = rest.search(endPattern);
      const content = end < 0 ? rest : rest.slice(0, end);
      if (name === "script") scripts.push({ attrs, content });
      else if (name === "style") styles.push(content);
      else text += content;
      i += end < 0 ? rest.length : end;
    }
  }
  return { elements, scripts, styles, text: decodeEntities(text) };
}

export type SafetyOptions = {
  /** The CSP nonce of the response: every script must carry it. Undefined: no script is allowed at all. */
  nonce?: string;
  /** Style elements our own markup writes (the dev mailbox has one). */
  allowStyleElements?: boolean;
};

const dangerousUrl = (value: string) => {
  const squashed = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  return /^(javascript|vbscript|livescript):/.test(squashed) || /^data:(?!image\/(png|jpe?g|gif|webp|avif);)/.test(squashed);
};

/**
 * Everything that would let text run as code: a script without the response's nonce (or any script when
 * there is no nonce), an inline script that does not parse as JavaScript, JSON-LD that is not JSON or
 * could end its element, an event-handler attribute, a javascript:/data: URL, an element that embeds a
 * document (iframe, object, embed, base, a meta refresh), a style element we did not write.
 */
export function executableProblems(html: string, options: SafetyOptions = {}): string[] {
  const problems: string[] = [];
  const parsed = parseHtml(html);
  for (const script of parsed.scripts) {
    const shown = `<script ${JSON.stringify(script.attrs)}>${script.content.slice(0, 80)}`;
    if (options.nonce === undefined) problems.push(`a script element: ${shown}`);
    else if (script.attrs.nonce !== options.nonce) problems.push(`a script without the response's nonce: ${shown}`);
    if (script.attrs.type === "application/ld+json") {
      problems.push(...jsonLdProblems(script.content));
    } else if (!script.attrs.src && script.content.trim()) {
      try {
        compiles(script.content, script.attrs.type === "module");
      } catch (error) {
        problems.push(`an inline script that is not JavaScript (${(error as Error).message}): ${script.content.slice(0, 120)}`);
      }
    }
  }
  if (!options.allowStyleElements && parsed.styles.length > 0) problems.push(`a style element: ${parsed.styles[0]!.slice(0, 80)}`);
  for (const element of parsed.elements) {
    if (["iframe", "frame", "object", "embed", "base", "applet", "portal"].includes(element.name)) problems.push(`an embedding element: ${element.raw}`);
    if (element.name === "meta" && (element.attrs["http-equiv"] ?? "").toLowerCase() === "refresh") problems.push(`a meta refresh: ${element.raw}`);
    for (const [name, value] of Object.entries(element.attrs)) {
      if (/^on/.test(name)) problems.push(`an event handler attribute: ${element.raw}`);
      if (name === "srcdoc") problems.push(`an srcdoc attribute: ${element.raw}`);
      if (URL_ATTRIBUTES.has(name) && dangerousUrl(value)) problems.push(`a ${name} that runs code: ${element.raw}`);
      if (name === "style" && /expression\s*\(|url\s*\(\s*['"]?\s*(javascript|data):/i.test(value)) problems.push(`a style attribute that runs code: ${element.raw}`);
    }
  }
  return problems;
}

/**
 * Parses a script without running it. A module's static imports are set aside (vm.Script reads scripts),
 * the rest is compiled as the body of an async function (modules may await at the top level).
 */
function compiles(source: string, isModule: boolean): void {
  if (!isModule) {
    new vm.Script(source);
    return;
  }
  const body = source.replace(/^\s*import\s+(?:[\w*{}\s,]+\s+from\s+)?"[^"]*"\s*;/gm, "");
  new vm.Script(`(async () => {\n${body}\n})`);
}

/** JSON-LD must be valid JSON and must not be able to end its element or break older parsers. */
export function jsonLdProblems(content: string): string[] {
  const problems: string[] = [];
  if (/<\/script/i.test(content)) problems.push("JSON-LD contains '</script'");
  if (/<!--/.test(content)) problems.push("JSON-LD contains '<!--'");
  if (/[\u2028\u2029]/.test(content)) problems.push("JSON-LD contains a raw U+2028 or U+2029");
  try {
    JSON.parse(content);
  } catch (error) {
    problems.push(`JSON-LD is not JSON: ${(error as Error).message}`);
  }
  return problems;
}

/** The CSP nonce of a response ('nonce-…' in its Content-Security-Policy), if any. */
export function nonceOf(response: Response): string | undefined {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
}
