import { globMatch } from '@oncall/plugin-sdk';

/** Tests one value (a label, an annotation or an instance) against a compiled filter pattern. */
export type FilterMatcher = (value: string) => boolean;

export type FilterPatternCheck = { ok: true; match: FilterMatcher } | { ok: false; message: string };

/** The characters that are operators; a value containing one of them cannot be written. */
const OPERATORS = new Set(['|', '&', '!', '(', ')']);

type Node =
  | { kind: 'or' | 'and'; terms: Node[] }
  | { kind: 'not'; term: Node }
  /** Globs and groups written next to each other, `(web|api)-*`: matched as one value. */
  | { kind: 'concat'; parts: Array<{ glob: string } | { group: Node }> };

/**
 * Parses the legacy filter syntax of behavior rules: terms are whole-value globs (`*` is any run
 * of characters, as `globMatch`), combined with `!` (not), `&` (and), `|` (or) and parentheses;
 * `!` binds tightest, then `&`, then `|`. A group written against text, `(web|api)-1`, stands for
 * each of its alternatives with that text (`web-1` or `api-1`); only `|` may be used in such a
 * group. Whitespace around terms, operators and parentheses is ignored, inside a term it is kept.
 * There is no escape, so a value containing `|&!()` cannot be expressed.
 *
 * @example checkFilterPattern('db-* & !db-test*') // { ok: true, match } — match('db-1') is true
 * @example checkFilterPattern('(web|api') // { ok: false, message: 'Missing ")" at the end.' }
 */
export function checkFilterPattern(pattern: string): FilterPatternCheck {
  try {
    return { ok: true, match: compile(new Parser(pattern).parse()) };
  } catch (error) {
    if (error instanceof PatternSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * The matcher of a pattern that is known to parse (stored rules were checked when saved).
 *
 * @example compileFilterPattern('(web|api)-1')('api-1') // true
 * @throws Error when the pattern does not parse.
 */
export function compileFilterPattern(pattern: string): FilterMatcher {
  const checked = checkFilterPattern(pattern);
  if (!checked.ok) throw new Error(`Invalid filter pattern "${pattern}": ${checked.message}`);
  return checked.match;
}

class PatternSyntaxError extends Error {}

function compile(node: Node): FilterMatcher {
  switch (node.kind) {
    case 'or': {
      const terms = node.terms.map(compile);
      return (value) => terms.some((term) => term(value));
    }
    case 'and': {
      const terms = node.terms.map(compile);
      return (value) => terms.every((term) => term(value));
    }
    case 'not': {
      const term = compile(node.term);
      return (value) => !term(value);
    }
    case 'concat': {
      const [only, ...more] = node.parts;
      if (only && more.length === 0) {
        return 'glob' in only ? (value) => globMatch(only.glob, value) : compile(only.group);
      }
      const regex = new RegExp(`^${toRegex(node)}$`, 's');
      return (value) => regex.test(value);
    }
  }
}

/** A group joined to text, as a regular expression: only alternatives can be spelled out so. */
function toRegex(node: Node): string {
  switch (node.kind) {
    case 'or':
      return `(?:${node.terms.map(toRegex).join('|')})`;
    case 'concat':
      return node.parts
        .map((part) =>
          'glob' in part ? part.glob.split('*').map(escapeRegex).join('.*') : toRegex(part.group),
        )
        .join('');
    default:
      throw new PatternSyntaxError('Only "|" may be used inside parentheses written against other text.');
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Recursive descent over the pattern's characters. */
class Parser {
  private position = 0;

  constructor(private readonly text: string) {}

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
        const group = this.or();
        if (!this.accept(')')) throw new PatternSyntaxError('Missing ")" at the end.');
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
