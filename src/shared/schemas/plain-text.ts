/**
 * Control characters (C0, DEL, C1) have no place in anything a person types, and PostgreSQL
 * cannot store NUL at all (a 500 where a 400 belongs). Newlines (\n, \r) are allowed only in
 * fields that are several lines by nature (messages, descriptions, notes); tabs nowhere.
 */
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_NEWLINES = /(?![\n\r])\p{Cc}/u;

export const CONTROL_CHARACTERS_MESSAGE = (label: string) =>
  `${label} contains characters that are not allowed`;

/** True when `text` holds a control character (newlines allowed when `multiline`). */
export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_NEWLINES : ANY_CONTROL).test(text);
}

/** For `.refine`: a one-line field holds no control character. */
export const isOneLine = (v: string) => !hasControlCharacters(v);
/** For `.refine`: a field of several lines holds no control character but newlines. */
export const isPlainLines = (v: string) => !hasControlCharacters(v, true);
