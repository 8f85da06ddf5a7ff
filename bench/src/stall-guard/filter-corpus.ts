/**
 * Behavior-rule filter patterns (a member may save any) and the instance a fire then carries: the
 * issue's pattern, and classic backtracking shapes in the filter syntax (a group joined to text is
 * the only way to reach a regular expression; plain globs are a control).
 */
export interface FilterAttack {
  name: string;
  pattern: string;
  instance: string;
}

const stars = (count: number, letter: string) => `*${letter}`.repeat(count);

export function filterCorpus(full: boolean): FilterAttack[] {
  const attacks: FilterAttack[] = [
    {
      name: "issue's (x|y)*a…*b, instance x + 40 a",
      pattern: `(x|y)${stars(10, 'a')}*b`,
      instance: `x${'a'.repeat(40)}`,
    },
  ];
  if (!full) return attacks;
  return [
    ...attacks,
    {
      name: '(x|y) then 12 *a and no b, instance x + 34 a',
      pattern: `(x|y)${stars(12, 'a')}*b`,
      instance: `x${'a'.repeat(34)}`,
    },
    {
      name: 'nested groups ((a|aa)|(a|aa)) ×12 then b, instance of 24 a + c',
      pattern: `${'((a|aa)|(a|aa))'.repeat(12)}b`,
      instance: `${'a'.repeat(24)}c`,
    },
    {
      name: 'plain glob *a×30*b (control: linear)',
      pattern: `${stars(30, 'a')}*b`,
      instance: 'a'.repeat(900),
    },
    {
      name: 'group at the end: *a×10 then (b|c), instance of 40 a',
      pattern: `${stars(10, 'a')}*(b|c)`,
      instance: 'a'.repeat(40),
    },
  ];
}
