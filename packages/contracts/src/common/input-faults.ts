/**
 * How deep a body may nest (objects and arrays, the outermost one counted). No client sends more
 * than a dozen levels; the bound keeps every walk over untrusted input (ours, the schema parsers',
 * the JSON columns') far from the stack's limit.
 */
export const MAX_INPUT_DEPTH = 64;

export const NUL_MESSAGE = 'The value may not contain NUL characters.';
export const LONE_SURROGATE_MESSAGE = 'The value may not contain a lone UTF-16 surrogate.';
export const TOO_DEEP_MESSAGE = `The value may not nest deeper than ${MAX_INPUT_DEPTH} levels.`;

/** What is wrong with a request's input, and where: `path` is dotted, empty for the input as a whole. */
export interface InputFault {
  path: string;
  message: string;
}

interface Frame {
  value: Record<string, unknown> | unknown[];
  /** The object's own keys; null for an array, walked by index. */
  keys: string[] | null;
  next: number;
  path: string[];
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why text cannot be stored, if it cannot: PostgreSQL text cannot hold U+0000, and a lone UTF-16
 * surrogate (`"\ud800"` in JSON) is no character at all: jsonb refuses it, and a text column would
 * get U+FFFD in its place, so the stored value would not be the one sent.
 */
function textFault(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * Checks every face's input before any parser sees it: refuses nesting deeper than
 * `MAX_INPUT_DEPTH` (at the input as a whole), and text that cannot be stored (NUL characters,
 * lone surrogates) in any string or key at its field path. Walks with its own stack in document
 * order, so the first fault found is the first in the text, and any depth of input costs no call
 * stack. `text: false` checks the depth alone, for a face that refuses such text further in.
 */
export function findInputFault(
  input: unknown,
  checks: { text: boolean } = { text: true },
): InputFault | undefined {
  // The path is built only for a fault found: every REST request is walked, and most are clean.
  const faultOf = (path: string[], last: string | null, text: string): InputFault | undefined => {
    const message = checks.text ? textFault(text) : undefined;
    if (message === undefined) return undefined;
    return { path: (last === null ? path : [...path, last]).join('.'), message };
  };
  if (typeof input === 'string') return faultOf([], null, input);
  if (!isContainer(input)) return undefined;
  const stack: Frame[] = [frameOf(input, [])];
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    const length = frame.keys ? frame.keys.length : (frame.value as unknown[]).length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    const key = frame.keys ? (frame.keys[index] ?? '') : String(index);
    const keyFault = faultOf(frame.path, 'key', key);
    if (keyFault) return keyFault;
    const item = frame.keys
      ? (frame.value as Record<string, unknown>)[key]
      : (frame.value as unknown[])[index];
    if (typeof item === 'string') {
      const itemFault = faultOf(frame.path, key, item);
      if (itemFault) return itemFault;
    } else if (isContainer(item)) {
      if (stack.length >= MAX_INPUT_DEPTH) return { path: '', message: TOO_DEEP_MESSAGE };
      stack.push(frameOf(item, [...frame.path, key]));
    }
  }
  return undefined;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function frameOf(value: Record<string, unknown> | unknown[], path: string[]): Frame {
  return { value, keys: Array.isArray(value) ? null : Object.keys(value), next: 0, path };
}
