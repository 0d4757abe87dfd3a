/*
 * What counts as blank text, for every form and schema alike. Kept without zod, so the web's
 * checks can use it without pulling zod into its main bundle.
 */

/**
 * Characters no one sees: zero-width spaces, non-joiners and joiners, the word joiner and
 * invisible operators, the byte-order mark, and the bidirectional marks, embeddings, overrides
 * and isolates. Text made only of these (and spaces) shows as nothing.
 */
export const INVISIBLE_CHARACTERS = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u061C\u180E\uFEFF]/g;

/** What the text shows: without its invisible characters, trimmed (for comparing, not for storing). */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '').trim();
}

/**
 * True when the text shows nothing: empty, spaces, or only invisible characters (a pasted
 * zero-width space passes `trim()`). The text itself is kept as typed: a zero-width joiner
 * inside an emoji sequence is part of what it shows.
 */
export function isBlank(text: string): boolean {
  return visibleText(text) === '';
}

const isLowSurrogate = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff;
};

/**
 * `text.slice(start, end)` that never cuts a character outside the BMP (an emoji, 𠮷) in half: a
 * half shows as '�' and is stored as one. A cut inside such a character leaves it out.
 */
export function sliceWhole(text: string, start: number, end: number = text.length): string {
  const from = start > 0 && isLowSurrogate(text, start) ? start + 1 : start;
  const to = end < text.length && isLowSurrogate(text, end) ? end - 1 : end;
  return text.slice(from, to);
}
