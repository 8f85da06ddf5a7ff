import { describe, expect, it } from 'vitest';
import { globMatch } from '../../src';

describe('globMatch', () => {
  it.each([
    ['prod', 'prod', true],
    ['prod', 'production', false],
    ['prod', 'Prod', false],
    ['', '', true],
    ['', 'x', false],
    ['*', '', true],
    ['*', 'anything at all', true],
    ['**', 'x', true],
    ['web-*', 'web-1', true],
    ['web-*', 'web-', true],
    ['web-*', 'db-1', false],
    ['web-*', 'Web-1', false],
    ['*-prod', 'eu-prod', true],
    ['*-prod', 'eu-prod-2', false],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYbZc', true],
    ['a*b*c', 'acb', false],
    ['a*bc', 'abcbc', true],
    ['a*a', 'a', false],
    ['ab*ba', 'aba', false],
    ['*a*', 'bbb', false],
    ['*a*', 'bab', true],
    ['db-?', 'db-1', false],
    ['db-?', 'db-?', true],
    ['10.0.0.*', '10.0.0.7', true],
    ['10.0.0.*', '10x0x0x7', false],
    ['[ab]', 'a', false],
    ['(x)+', '(x)+', true],
    ['سرور-*', 'سرور-۱', true],
  ])('globMatch(%j, %j) is %s', (pattern, value, expected) => {
    expect(globMatch(pattern, value)).toBe(expected);
  });
});
