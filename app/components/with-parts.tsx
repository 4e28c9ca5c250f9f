import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with elements inside it (a link, a bold address): the sentence is one catalog key with a
 * `{{name}}` marker where each element goes, translated without values so the markers stay (t() keeps a marker it
 * has no value for), and each marker is replaced here by its element. Word order stays the translation's.
 *
 *   withParts(t("Make {{email}} the e-mail address of your account?"), { email: <strong>{email}</strong> })
 */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text
    .split(/(\{\{\s*\w+\s*\}\})/)
    .filter((piece) => piece !== "")
    .map((piece, index) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
      return <Fragment key={index}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
    });
}
