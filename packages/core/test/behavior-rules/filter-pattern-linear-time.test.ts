import { describe, expect, it } from 'vitest';
import { checkFilterPattern, compileFilterPattern } from '../../src/behavior-rules/behavior-filter-pattern';

/** The issue's pattern: a backtracking engine tries every way to split the `a`s among the `*`s. */
const ISSUE_PATTERN = '(x|y)*a*a*a*a*a*a*a*a*a*a*b';

/** Matches `value`, counting the automaton steps; the pattern must parse. */
function measured(pattern: string, value: string): { matched: boolean; steps: number; size: number } {
  const checked = checkFilterPattern(pattern);
  if (!checked.ok) throw new Error(checked.message);
  const meter = { steps: 0 };
  const matched = checked.match(value, meter);
  return { matched, steps: meter.steps, size: checked.size };
}

/** Reproducible pseudo-random text over `alphabet` (a linear congruential generator). */
function pseudoRandom(seed: number, length: number, alphabet: string): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet.charAt((state >>> 16) % alphabet.length);
  }
  return text;
}

/** `depth` groups, each holding the one inside twice: `(a|*a*)`, `((a|*a*)|*(a|*a*)*)`, … */
function nested(depth: number): string {
  let pattern = 'a';
  for (let level = 0; level < depth; level += 1) pattern = `(${pattern}|*${pattern}*)`;
  return pattern;
}

const abText = pseudoRandom(7, 20_000, 'ab');

describe('filter patterns are matched in time linear in the value', () => {
  it.each([
    [40, false],
    [1_000, false],
    [100_000, false],
  ])('the issue pattern against x and %i a: %s, in a bounded number of steps', (count, expected) => {
    const value = `x${'a'.repeat(count)}`;
    const hostile = measured(ISSUE_PATTERN, value);
    expect(hostile.matched).toBe(expected);
    expect(measured(ISSUE_PATTERN, `${value}b`).matched).toBe(true);
    expect(hostile.steps).toBeGreaterThan(0);
    // The bound that holds for every pattern: at most 1 + 6 × size steps a character.
    expect(hostile.steps).toBeLessThanOrEqual((value.length + 1) * (1 + 6 * hostile.size));
    // And against a trivial pattern over the same value, about the same work, not a power of it.
    const trivial = measured('x*b', value);
    expect(trivial.matched).toBe(false);
    expect(hostile.steps).toBeLessThanOrEqual(3 * trivial.steps + 1_000);
  });

  // Known catastrophic-backtracking shapes, as this language spells them (`+`, `.`, `{` are text
  // here, so the regex classics also appear as written), each against a long value.
  it.each([
    ['(a+)+b', `${'a'.repeat(10_000)}!`, false],
    ['(a+)+b', 'a++b', true],
    ['(a|aa)*c', 'a'.repeat(10_000), false],
    ['(a|aa)*c', `${'a'.repeat(10_000)}c`, true],
    ['(.*a){20}', `.${'a'.repeat(10_000)}`, false],
    ['(.*a){20}', '.x*a{20}', true],
    [`${'(a|aa)'.repeat(30)}c`, 'a'.repeat(10_000), false],
    [`${'(a|aa)'.repeat(30)}c`, `${'a'.repeat(45)}c`, true],
    [`${'(a|*)'.repeat(32)}b`, 'a'.repeat(10_000), false],
    [`${'(a|*)'.repeat(32)}b`, `${'a'.repeat(10_000)}b`, true],
    [`${nested(5)}b`, 'a'.repeat(10_000), false],
    [`${nested(5)}b`, `${'a'.repeat(10_000)}b`, true],
    [`${'(*a*|*a|a*)'.repeat(10)}b`, 'a'.repeat(10_000), false],
    [`${'(*a*|*a|a*)'.repeat(10)}b`, `${'a'.repeat(10_000)}b`, true],
    [`${'*a'.repeat(499)}*b`, 'a'.repeat(10_000), false],
    [`${'*a'.repeat(499)}*b`, `${'a'.repeat(499)}b`, true],
    [`${'*a'.repeat(499)}*b`, `${'a'.repeat(498)}b`, false],
    // The subset construction's worst case: the 32nd character from the end is an `a`.
    [`*a${'(a|b)'.repeat(31)}`, abText, abText.charAt(abText.length - 32) === 'a'],
    [`*a${'(a|b)'.repeat(31)}`, `${abText}a${'b'.repeat(31)}`, true],
    [`*a${'(a|b)'.repeat(31)}`, `${abText}b${'b'.repeat(31)}`, false],
  ])('%s (case %#)', (pattern, value, expected) => {
    const { matched, steps, size } = measured(pattern, value);
    expect(matched).toBe(expected);
    expect(steps).toBeGreaterThan(0);
    expect(steps).toBeLessThanOrEqual((value.length + 1) * (1 + 6 * size));
  });

  it('bounds the work by the automata of every part of a pattern with & and !', () => {
    const pattern = `${ISSUE_PATTERN} | !(x* & ${'(a|aa)'.repeat(20)}*) & *a*a*a*a*c`;
    const value = `x${'a'.repeat(10_000)}`;
    const { matched, steps, size } = measured(pattern, value);
    expect(matched).toBe(false);
    expect(steps).toBeGreaterThan(0);
    expect(steps).toBeLessThanOrEqual(4 * (value.length + 1) * (1 + 6 * size));
  });
});

describe('filter pattern limits', () => {
  it('takes 1,000 characters, and refuses more', () => {
    expect(checkFilterPattern('*a'.repeat(500)).ok).toBe(true);
    expect(checkFilterPattern(`${'*a'.repeat(500)}*`)).toEqual({
      ok: false,
      message: 'A pattern may have at most 1000 characters.',
    });
  });

  it('takes 32 groups nested 8 deep, and refuses a 33rd group or a 9th level', () => {
    expect(checkFilterPattern('(a|b)'.repeat(32)).ok).toBe(true);
    expect(checkFilterPattern(`${'('.repeat(8)}a${')'.repeat(8)}`).ok).toBe(true);
    expect(checkFilterPattern('(a|b)'.repeat(33))).toEqual({
      ok: false,
      message: 'A pattern may have at most 32 groups in parentheses.',
    });
    expect(checkFilterPattern(`${'('.repeat(9)}a${')'.repeat(9)}`)).toEqual({
      ok: false,
      message: 'Parentheses may be nested at most 8 deep.',
    });
  });

  it('still matches a stored pattern saved before the limits', () => {
    expect(compileFilterPattern('(a|b)'.repeat(33))('ab'.repeat(17).slice(1))).toBe(true);
    expect(compileFilterPattern(`${'('.repeat(9)}a${')'.repeat(9)}`)('a')).toBe(true);
  });
});

/**
 * The same answers as a backtracking regular expression, the old matcher of groups joined to text,
 * on short values where it is harmless: every pattern of text, `*`, groups and `|` from a small
 * grammar, against every short value over its alphabet.
 */
describe('filter patterns keep their meaning', () => {
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^(?:${pattern
        .replace(/[.+?^${}[\]\\/-]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\(/g, '(?:')})$`,
      's',
    );

  const patterns: string[] = [];
  for (let seed = 1; patterns.length < 400; seed += 1) {
    const choices = pseudoRandom(seed, 6 + (seed % 10), 'ab-*()|.');
    let depth = 0;
    let text = '';
    let previous = '|';
    for (const choice of choices) {
      if (choice === '(' && depth < 3 && previous !== ')') {
        depth += 1;
        text += '(';
      } else if (choice === ')' && depth > 0 && previous !== '(' && previous !== '|') {
        depth -= 1;
        text += ')';
      } else if (choice === '|' && previous !== '(' && previous !== '|') {
        text += '|';
      } else if (choice !== '(' && choice !== ')' && choice !== '|') {
        text += choice;
      } else continue;
      previous = text.charAt(text.length - 1);
    }
    while (previous === '|' || previous === '(') {
      text = text.slice(0, -1);
      if (previous === '(') depth -= 1;
      previous = text.charAt(text.length - 1);
    }
    text += ')'.repeat(depth);
    if (text !== '' && !text.includes('()') && checkFilterPattern(text).ok) patterns.push(text);
  }
  const values = [''];
  for (let length = 1; length <= 5; length += 1) {
    for (let seed = 0; seed < 12; seed += 1) values.push(pseudoRandom(seed * 31 + length, length, 'ab-.'));
  }

  it('gives the answers of a regular expression for 400 patterns against 61 values each', () => {
    let matched = 0;
    for (const pattern of patterns) {
      const checked = checkFilterPattern(pattern);
      if (!checked.ok) throw new Error(checked.message);
      const reference = toRegExp(pattern);
      for (const value of values) {
        const expected = reference.test(value);
        expect(checked.match(value), `${pattern} on ${value}`).toBe(expected);
        if (expected) matched += 1;
      }
    }
    // The sample says something only if both answers are common in it.
    expect(matched).toBeGreaterThan(patterns.length * values.length * 0.05);
    expect(matched).toBeLessThan(patterns.length * values.length * 0.95);
  });
});
