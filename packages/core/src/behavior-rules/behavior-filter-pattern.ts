import { type MatchMeter, PatternAutomaton, type RegularPattern } from './pattern-automaton';

/**
 * Tests one value (a label, an annotation or an instance) against a compiled filter pattern;
 * `meter` (if any) is charged the automaton steps the match took.
 */
export type FilterMatcher = (value: string, meter?: MatchMeter) => boolean;

export type FilterPatternCheck =
  | {
      ok: true;
      match: FilterMatcher;
      /** States of the pattern's automata: a match does at most `1 + 6 × size` steps a character. */
      size: number;
    }
  | { ok: false; message: string };

/** Longest pattern, in UTF-16 code units (the request schemas refuse longer ones first). */
export const MAX_PATTERN_LENGTH = 1_000;
/** Most parenthesised groups in one pattern. */
export const MAX_PATTERN_GROUPS = 32;
/** Deepest nesting of parentheses. */
export const MAX_PATTERN_NESTING = 8;

/** The characters that are operators; a value containing one of them cannot be written. */
const OPERATORS = new Set(['|', '&', '!', '(', ')']);

type Node =
  | { kind: 'or' | 'and'; terms: Node[] }
  | { kind: 'not'; term: Node }
  /** Globs and groups written next to each other, `(web|api)-*`: matched as one value. */
  | { kind: 'concat'; parts: Array<{ glob: string } | { group: Node }> };

/**
 * Parses the legacy filter syntax of behavior rules: terms are whole-value globs (`*` is any run
 * of characters), combined with `!` (not), `&` (and), `|` (or) and parentheses; `!` binds
 * tightest, then `&`, then `|`. A group written against text, `(web|api)-1`, stands for each of its
 * alternatives with that text (`web-1` or `api-1`); only `|` may be used in such a group.
 * Whitespace around terms, operators and parentheses is ignored, inside a term it is kept. There
 * is no escape, so a value containing `|&!()` cannot be expressed. At most `MAX_PATTERN_LENGTH`
 * characters and `MAX_PATTERN_GROUPS` groups, nested at most `MAX_PATTERN_NESTING` deep.
 *
 * Every part without `&` or `!` is compiled to one automaton that reads the value once, keeping
 * every place in the pattern the value could have reached (see `PatternAutomaton`): the work is
 * linear in the value's length whatever the pattern, and no regular expression engine (which
 * would backtrack) ever sees a pattern.
 *
 * @example checkFilterPattern('db-* & !db-test*') // { ok: true, match, size } — match('db-1') is true
 * @example checkFilterPattern('(web|api') // { ok: false, message: 'Missing ")" at the end.' }
 */
export function checkFilterPattern(pattern: string): FilterPatternCheck {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return { ok: false, message: `A pattern may have at most ${MAX_PATTERN_LENGTH} characters.` };
  }
  return parsed(pattern, true);
}

/**
 * The matcher of a pattern that is known to parse (stored rules were checked when saved). The
 * size limits are not applied again: a rule saved before a limit existed keeps working.
 *
 * @example compileFilterPattern('(web|api)-1')('api-1') // true
 * @throws Error when the pattern does not parse.
 */
export function compileFilterPattern(pattern: string): FilterMatcher {
  const checked = parsed(pattern, false);
  if (!checked.ok) throw new Error(`Invalid filter pattern "${pattern}": ${checked.message}`);
  return checked.match;
}

function parsed(pattern: string, limited: boolean): FilterPatternCheck {
  try {
    const automata: PatternAutomaton[] = [];
    const match = compile(new Parser(pattern, limited).parse(), automata);
    return { ok: true, match, size: automata.reduce((sum, automaton) => sum + automaton.size, 0) };
  } catch (error) {
    if (error instanceof PatternSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

class PatternSyntaxError extends Error {}

/** Compiles `node`, adding each automaton it builds to `automata` (their sizes bound the work). */
function compile(node: Node, automata: PatternAutomaton[]): FilterMatcher {
  if (isRegular(node)) return automatonOf(node, automata);
  switch (node.kind) {
    case 'or': {
      const terms = node.terms.map((term) => compile(term, automata));
      return (value, meter) => terms.some((term) => term(value, meter));
    }
    case 'and': {
      const terms = node.terms.map((term) => compile(term, automata));
      return (value, meter) => terms.every((term) => term(value, meter));
    }
    case 'not': {
      const term = compile(node.term, automata);
      return (value, meter) => !term(value, meter);
    }
    case 'concat': {
      // Not regular, so a lone group holding `&` or `!`: the group itself.
      const [only] = node.parts;
      return only && 'group' in only ? compile(only.group, automata) : automatonOf(node, automata);
    }
  }
}

function automatonOf(node: Node, automata: PatternAutomaton[]): FilterMatcher {
  const automaton = PatternAutomaton.of(toRegular(node));
  automata.push(automaton);
  return (value, meter) => automaton.matches(value, meter);
}

/**
 * Whether `node` is made of text, `*` and alternatives only, so one automaton matches it. A group
 * joined to text always is (or `toRegular` refuses it).
 */
function isRegular(node: Node): boolean {
  switch (node.kind) {
    case 'or':
      return node.terms.every(isRegular);
    case 'concat':
      return node.parts.length > 1 || node.parts.every((part) => 'glob' in part || isRegular(part.group));
    default:
      return false;
  }
}

function toRegular(node: Node): RegularPattern {
  switch (node.kind) {
    case 'or':
      return { kind: 'either', options: node.terms.map(toRegular) };
    case 'concat':
      return {
        kind: 'sequence',
        items: node.parts.flatMap((part) =>
          'glob' in part ? globItems(part.glob) : [toRegular(part.group)],
        ),
      };
    default:
      throw new PatternSyntaxError('Only "|" may be used inside parentheses written against other text.');
  }
}

/** A glob as text and runs: `db-*-eu` is `db-`, any run, `-eu` (`**` is one run). */
function globItems(glob: string): RegularPattern[] {
  const items: RegularPattern[] = [];
  glob.split('*').forEach((text, index) => {
    if (index > 0 && items.at(-1)?.kind !== 'anyRun') items.push({ kind: 'anyRun' });
    if (text !== '') items.push({ kind: 'text', text });
  });
  return items;
}

/** Recursive descent over the pattern's characters. */
class Parser {
  private position = 0;
  private groups = 0;
  private nesting = 0;

  constructor(
    private readonly text: string,
    /** Whether the group limits apply (they do when a pattern is saved). */
    private readonly limited: boolean,
  ) {}

  parse(): Node {
    const node = this.or();
    this.skipSpaces();
    const rest = this.peek();
    if (rest !== undefined) {
      throw new PatternSyntaxError(`Unexpected "${rest}" at position ${this.position + 1}.`);
    }
    return node;
  }

  private or(): Node {
    const terms = [this.and()];
    while (this.accept('|')) terms.push(this.and());
    return terms.length === 1 && terms[0] ? terms[0] : { kind: 'or', terms };
  }

  private and(): Node {
    const terms = [this.unary()];
    while (this.accept('&')) terms.push(this.unary());
    return terms.length === 1 && terms[0] ? terms[0] : { kind: 'and', terms };
  }

  private unary(): Node {
    return this.accept('!') ? { kind: 'not', term: this.unary() } : this.concat();
  }

  private concat(): Node {
    const parts: Array<{ glob: string } | { group: Node }> = [];
    for (;;) {
      if (this.accept('(')) {
        this.enterGroup();
        const group = this.or();
        if (!this.accept(')')) throw new PatternSyntaxError('Missing ")" at the end.');
        this.nesting -= 1;
        parts.push({ group });
        continue;
      }
      const start = this.position;
      while (this.position < this.text.length && !OPERATORS.has(this.text.charAt(this.position))) {
        this.position += 1;
      }
      const glob = this.text.slice(start, this.position).trim();
      if (glob !== '') parts.push({ glob });
      if (this.peek() !== '(') break;
    }
    if (parts.length === 0) {
      const found = this.peek();
      throw new PatternSyntaxError(
        found === undefined
          ? 'A value is missing at the end.'
          : `A value is missing before "${found}" at position ${this.position + 1}.`,
      );
    }
    return { kind: 'concat', parts };
  }

  private enterGroup(): void {
    this.groups += 1;
    this.nesting += 1;
    if (!this.limited) return;
    if (this.groups > MAX_PATTERN_GROUPS) {
      throw new PatternSyntaxError(`A pattern may have at most ${MAX_PATTERN_GROUPS} groups in parentheses.`);
    }
    if (this.nesting > MAX_PATTERN_NESTING) {
      throw new PatternSyntaxError(`Parentheses may be nested at most ${MAX_PATTERN_NESTING} deep.`);
    }
  }

  private accept(operator: string): boolean {
    this.skipSpaces();
    if (this.text.charAt(this.position) !== operator) return false;
    this.position += 1;
    return true;
  }

  private peek(): string | undefined {
    return this.position < this.text.length ? this.text.charAt(this.position) : undefined;
  }

  private skipSpaces(): void {
    while (/\s/.test(this.text.charAt(this.position))) this.position += 1;
  }
}
