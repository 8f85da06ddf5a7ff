/**
 * How deep a body may nest (objects and arrays, the outermost one counted). No client sends more
 * than a dozen levels; the bound keeps every walk over untrusted input (ours, the schema parsers',
 * the JSON columns') far from the stack's limit.
 */
export const MAX_INPUT_DEPTH = 64;

export const NUL_MESSAGE = 'The value may not contain NUL characters.';
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

/**
 * Checks every face's input before any parser sees it: refuses nesting deeper than
 * `MAX_INPUT_DEPTH` (at the input as a whole), and NUL characters in any string or key at their
 * field path, since PostgreSQL text cannot hold U+0000. Walks with its own stack in document order,
 * so the first NUL found is the first in the text, and any depth of input costs no call stack.
 * `nul: false` checks the depth alone, for a face that refuses NUL characters further in.
 */
export function findInputFault(
  input: unknown,
  checks: { nul: boolean } = { nul: true },
): InputFault | undefined {
  const hasNul = (text: string) => checks.nul && text.includes('\u0000');
  if (typeof input === 'string') return hasNul(input) ? { path: '', message: NUL_MESSAGE } : undefined;
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
    if (hasNul(key)) return { path: [...frame.path, 'key'].join('.'), message: NUL_MESSAGE };
    const item = frame.keys
      ? (frame.value as Record<string, unknown>)[key]
      : (frame.value as unknown[])[index];
    if (typeof item === 'string') {
      if (hasNul(item)) return { path: [...frame.path, key].join('.'), message: NUL_MESSAGE };
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
