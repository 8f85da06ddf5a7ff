import { describe, expect, it } from 'vitest';
import { checkFilterPattern, compileFilterPattern } from '../../src/behavior-rules/behavior-filter-pattern';

const matches = (pattern: string, value: string) => compileFilterPattern(pattern)(value);

describe('compileFilterPattern', () => {
  it.each([
    // A term alone is a whole-value glob, case-sensitive.
    ['web-1', 'web-1', true],
    ['web-1', 'web-10', false],
    ['web-*', 'web-10', true],
    ['web-*', 'api-1', false],
    ['*', '', true],
    ['*staging*', 'eu-staging-1', true],
    ['Web-*', 'web-1', false],
    ['db.?[x]', 'db.?[x]', true],
    // Or.
    ['web-1|api-1', 'api-1', true],
    ['web-1|api-1', 'db-1', false],
    // And.
    ['db-* & *-eu', 'db-1-eu', true],
    ['db-* & *-eu', 'db-1-us', false],
    // Not.
    ['!*staging*', 'prod-1', true],
    ['!*staging*', 'x-staging', false],
    ['!!web', 'web', true],
    ['db-* & !db-test*', 'db-1', true],
    ['db-* & !db-test*', 'db-test-1', false],
    // Parentheses group; a group written against text stands for each alternative with it.
    ['(web|api)', 'api', true],
    ['(web|api)-1', 'api-1', true],
    ['(web|api)-1', 'web-1', true],
    ['(web|api)-1', 'db-1', false],
    ['(web|api)-1', 'web', false],
    ['(web|api)-*', 'web-10', true],
    ['db-(eu|us)-*', 'db-us-3', true],
    ['db-(eu|us)-*', 'db-asia-3', false],
    ['(a|b)(c|d)', 'bc', true],
    ['((a|b)x|y)z', 'bxz', true],
    ['((a|b)x|y)z', 'yz', true],
    ['((a|b)x|y)z', 'xz', false],
    ['(a.b|c)+', 'a.b+', true],
    ['(a.b|c)+', 'axb+', false],
    ['(web|api)-1 & !api-*', 'api-1', false],
    ['!(web|api)', 'api', false],
    ['!(web|api)', 'db', true],
    // Precedence: `!` over `&` over `|`.
    ['a | b & c', 'a', true],
    ['a | b & c', 'b', false],
    ['(a | b) & c', 'a', false],
    ['(a | b) & !c', 'b', true],
    ['!a & b', 'b', true],
    ['!a | b', 'a', false],
    ['!(a | b) & *', 'c', true],
    // Whitespace around operators and terms is ignored; inside a term it is kept.
    ['  web-1  |  api-1 ', 'api-1', true],
    ['my host', 'my host', true],
    ['my host', 'myhost', false],
    ['( ( a ) )', 'a', true],
  ])('%j on %j is %s', (pattern, value, expected) => {
    expect(matches(pattern, value)).toBe(expected);
  });

  it('refuses & and ! in a group written against text: they cannot be spelled out as one value', () => {
    const message = 'Only "|" may be used inside parentheses written against other text.';
    expect(checkFilterPattern('(web&api)-1')).toEqual({ ok: false, message });
    expect(checkFilterPattern('x(!web)')).toEqual({ ok: false, message });
  });

  it.each([
    ['', 'A value is missing at the end.'],
    ['   ', 'A value is missing at the end.'],
    ['a |', 'A value is missing at the end.'],
    ['| a', 'A value is missing before "|" at position 1.'],
    ['a && b', 'A value is missing before "&" at position 4.'],
    ['!', 'A value is missing at the end.'],
    ['(a | b', 'Missing ")" at the end.'],
    ['a)', 'Unexpected ")" at position 2.'],
    ['()', 'A value is missing before ")" at position 2.'],
    ['a !b', 'Unexpected "!" at position 3.'],
  ])('refuses %j: %s', (pattern, message) => {
    expect(checkFilterPattern(pattern)).toEqual({ ok: false, message });
  });

  it('throws on a pattern that does not parse', () => {
    expect(() => compileFilterPattern('(a')).toThrow('Invalid filter pattern "(a": Missing ")" at the end.');
  });
});
