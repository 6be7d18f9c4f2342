/**
 * What every text the shop takes may hold (docs/product/numbers.md §4.5, "Input rules"), shared by every request
 * schema and form check so that each field is held to one rule. A single-line field (a name, an address
 * line, a tracking number, a reason typed in an input) holds no control character and no line separator
 * (U+2028, U+2029) at all: a line break in a name would forge lines in the e-mails it goes into. A free text (a gift message, a note, a reason
 * typed in a textarea) may hold line breaks, and nothing else of the controls. Neither may hold the
 * invisible characters that make text read other than it is written: bidirectional embeddings, overrides
 * and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F) and zero-width
 * characters. They are refused, never silently removed from what the server receives: the shopper learns
 * which field was refused and the stored text is exactly what was sent. A zero-width joiner between two
 * emoji (a family, a heart on fire) is part of the emoji and stays allowed.
 */
// C0 controls, DEL and the C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Bidirectional controls, zero-width space and non-joiner, the word joiner and invisible operators
 * (U+2060-U+2064) and the byte-order mark; a zero-width joiner unless it joins two emoji.
 */
const INVISIBLE =
  /[\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|(?<!\p{Extended_Pictographic}[\ufe0f\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})/u;

export const INPUT_TEXT_ERRORS = {
  singleLine: 'Must be one line of text, without control or invisible formatting characters',
  freeText: 'Must be text and line breaks, without control or invisible formatting characters',
} as const;

/** Unicode's line and paragraph separators: not controls, but line breaks all the same. */
const LINE_SEPARATORS = /[\u2028\u2029]/;

/** One line of visible text (an empty string is one too: whether a field is required is its own rule). */
export function isSingleLineText(text: string): boolean {
  return !CONTROL.test(text) && !INVISIBLE.test(text) && !LINE_SEPARATORS.test(text);
}

/** Whether a text holds a control character other than a line break (LF or CR). */
export function hasControlButLineBreaks(text: string): boolean {
  return CONTROL_BUT_LINE_BREAKS.test(text);
}

/** What a browser field keeps of pasted text without its controls, line breaks kept. */
export function withoutControlButLineBreaks(text: string): string {
  return text.replace(new RegExp(CONTROL_BUT_LINE_BREAKS.source, 'g'), '');
}

/** Text and line breaks (LF, CR or CRLF). */
export function isFreeText(text: string): boolean {
  return !hasControlButLineBreaks(text) && !INVISIBLE.test(text);
}

/** What a browser field keeps of pasted text: the invisible characters above dropped (free texts only). */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(new RegExp(INVISIBLE.source, 'gu'), '');
}
