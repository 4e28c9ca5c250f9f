/**
 * Names people type (their own, a business's, a product's, the one on an ID) are shown inside other
 * sentences: 'Ada sent a message to …', 'Lift the suspension of …?', page titles, e-mail subjects. A
 * bidirectional embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069) in one would
 * reverse or reorder the text after it there (a name ending in U+202E turns 'exe.txt' into 'txt.exe'),
 * so names keep none. Free text (descriptions, messages, feedback) is shown in blocks of its own and
 * is kept as typed. Client-safe: the forms check the same.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}
