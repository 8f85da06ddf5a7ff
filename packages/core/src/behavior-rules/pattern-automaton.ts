/**
 * The regular part of the filter pattern language: text, `*` (any run of characters, including
 * none), text and groups side by side, and alternatives. `&` and `!` are not regular in this
 * sense; the pattern's boolean layer combines automata's answers instead.
 */
export type RegularPattern =
  | { kind: 'text'; text: string }
  | { kind: 'anyRun' }
  | { kind: 'sequence'; items: RegularPattern[] }
  | { kind: 'either'; options: RegularPattern[] };

/**
 * Counts the work matches did: one step per automaton state visited. With a `limit`, a match that
 * would go past it stops with `MatchBudgetExceeded` (checked every character).
 */
export interface MatchMeter {
  steps: number;
  limit?: number;
}

/** A match stopped because its meter's `limit` was reached: the answer is unknown. */
export class MatchBudgetExceeded extends Error {
  constructor(limit: number) {
    super(`Filter matching stopped after ${limit} steps.`);
  }
}

const CHAR = 0;
const ANY_RUN = 1;
const SPLIT = 2;
const ACCEPT = 3;

/** A set of automaton states the input read so far can be in, and where each character class leads. */
interface StateSet {
  readonly states: Int32Array;
  readonly accepting: boolean;
  /** By character class; filled as the input asks (a lazily built deterministic automaton). */
  readonly next: (StateSet | undefined)[];
  /** The cache generation it belongs to: a set from before a flush is not linked to again. */
  readonly generation: number;
}

/**
 * Most cached numbers (state lists and transition slots) per automaton, at most about 64 KiB: past
 * it the cache is flushed and rebuilt as the input goes (as RE2 does), so memory stays bounded and
 * the work per character stays within the automaton's size.
 */
const MAX_CACHED_SLOTS = 8_192;

/** What caching a set is charged per state it holds, in steps (measured against stepping it). */
const INTERN_STEPS_PER_STATE = 4;

/**
 * Past two flushes within one value, a set this small is cheaper to step than to cache; a large one
 * (many `*` met) is kept cached, since such sets recur once the value has passed every `*`.
 */
const SMALL_SET = 128;

/**
 * A Thompson automaton of a regular pattern, run by keeping the set of states the input read so
 * far can be in (never by trying one path and backing up). Computing the next set visits each state
 * at most twice and caching it is charged 4 steps a state, so a match does at most `1 + 6 × size`
 * steps per character of the value (and `size` to start), whatever
 * the pattern: no input makes it backtrack, because nothing does. The sets met are cached with
 * where each character leads (a deterministic automaton built as the input needs it), so an
 * ordinary pattern costs one table look-up per character once warm.
 *
 * @example PatternAutomaton.of({ kind: 'sequence', items: [{ kind: 'text', text: 'db-' }, { kind: 'anyRun' }] }).matches('db-1') // true
 */
export class PatternAutomaton {
  /** The number of states: the work per character of a match is at most `1 + 6 × size` steps. */
  readonly size: number;
  private readonly kinds: Uint8Array;
  private readonly chars: Uint16Array;
  /** The state after a character (CHAR), or the state the run is left for (ANY_RUN). */
  private readonly next: Int32Array;
  /** The states a SPLIT leads to, without reading anything: `targets[firstTarget[s] .. firstTarget[s + 1])`. */
  private readonly targets: Int32Array;
  private readonly firstTarget: Int32Array;
  private readonly start: number;
  /** Each character of the pattern is its own class (from 1); every other character is class 0. */
  private readonly classes: Map<number, number>;
  /** The same for the first 128 code units, looked up without hashing. */
  private readonly asciiClasses = new Uint16Array(128);
  private readonly classCount: number;
  private readonly cache = new Map<string, StateSet>();
  private cachedSlots = 0;
  private generation = 0;
  private initial: StateSet | undefined;
  // Scratch space for computing a set; the process is single-threaded and a step never re-enters.
  private readonly list: Int32Array;
  private readonly seen: Int32Array;
  private readonly stack: Int32Array;
  private mark = 0;

  private constructor(builder: Builder, start: number) {
    this.size = builder.kinds.length;
    this.kinds = Uint8Array.from(builder.kinds);
    this.chars = Uint16Array.from(builder.chars);
    this.next = Int32Array.from(builder.next);
    let offset = 0;
    this.firstTarget = Int32Array.from([
      0,
      ...builder.branches.map((branches) => (offset += branches.length)),
    ]);
    this.targets = Int32Array.from(builder.branches.flat());
    this.start = start;
    this.classes = new Map();
    builder.kinds.forEach((kind, state) => {
      const char = builder.chars[state] as number;
      if (kind !== CHAR || this.classes.has(char)) return;
      this.classes.set(char, this.classes.size + 1);
      if (char < this.asciiClasses.length) this.asciiClasses[char] = this.classes.size;
    });
    this.classCount = this.classes.size + 1;
    this.list = new Int32Array(this.size);
    this.seen = new Int32Array(this.size);
    this.stack = new Int32Array(this.size);
  }

  static of(pattern: RegularPattern): PatternAutomaton {
    const builder = new Builder();
    const start = builder.build(pattern, builder.add(ACCEPT, 0, -1));
    return new PatternAutomaton(builder, start);
  }

  /** Whether the whole of `value` is in the pattern's language; `meter` (if any) is charged the steps. */
  matches(value: string, meter: MatchMeter = { steps: 0 }): boolean {
    const limit = meter.limit ?? Number.POSITIVE_INFINITY;
    if (meter.steps > limit) throw new MatchBudgetExceeded(limit);
    const firstGeneration = this.generation;
    let set = this.initialSet(meter);
    for (let index = 0; index < value.length && set.states.length > 0; index += 1) {
      if (meter.steps > limit) throw new MatchBudgetExceeded(limit);
      const code = value.charCodeAt(index);
      const charClass = code < 128 ? (this.asciiClasses[code] as number) : (this.classes.get(code) ?? 0);
      meter.steps += 1;
      set = set.next[charClass] ?? this.advance(set, code, charClass, meter);
      // The value keeps meeting new sets (the cache was refilled twice for it) and they are small:
      // reading on without caching costs less than caching sets that will not be met again.
      if (this.generation - firstGeneration >= 2 && set.states.length <= SMALL_SET) {
        return this.simulate(value, index + 1, set.states, meter);
      }
    }
    return set.accepting;
  }

  private initialSet(meter: MatchMeter): StateSet {
    if (this.initial && this.initial.generation === this.generation) return this.initial;
    this.mark += 1;
    this.initial = this.intern(this.close(this.start, this.list, 0, meter));
    return this.initial;
  }

  /** The set after reading `code` from `from`, linked from it for the next time. */
  private advance(from: StateSet, code: number, charClass: number, meter: MatchMeter): StateSet {
    const length = this.step(from.states, from.states.length, code, this.list, meter);
    // Sorting, keying and keeping the set costs several times what computing it did.
    meter.steps += INTERN_STEPS_PER_STATE * length;
    const to = this.intern(length);
    if (from.generation === this.generation) from.next[charClass] = to;
    return to;
  }

  /** Reads `value` from `index` on, starting in the set `states`, without the cache. */
  private simulate(value: string, index: number, states: Int32Array, meter: MatchMeter): boolean {
    let current = new Int32Array(this.size);
    let upcoming = new Int32Array(this.size);
    current.set(states);
    let length = states.length;
    const limit = meter.limit ?? Number.POSITIVE_INFINITY;
    for (let at = index; at < value.length && length > 0; at += 1) {
      if (meter.steps > limit) throw new MatchBudgetExceeded(limit);
      meter.steps += 1;
      length = this.step(current, length, value.charCodeAt(at), upcoming, meter);
      [current, upcoming] = [upcoming, current];
    }
    for (let i = 0; i < length; i += 1) if (this.kinds[current[i] as number] === ACCEPT) return true;
    return false;
  }

  /** Writes the states reached by reading `code` from the first `length` of `from` to `into`; answers their count. */
  private step(from: Int32Array, length: number, code: number, into: Int32Array, meter: MatchMeter): number {
    this.mark += 1;
    let added = 0;
    for (let i = 0; i < length; i += 1) {
      const state = from[i] as number;
      const kind = this.kinds[state];
      if (kind === ANY_RUN) added = this.close(state, into, added, meter);
      else if (kind === CHAR && this.chars[state] === code) {
        added = this.close(this.next[state] as number, into, added, meter);
      }
    }
    meter.steps += length;
    return added;
  }

  /**
   * Adds `state` and every state reachable from it without reading to `list` from `length` on
   * (each state once per set), and answers the new length.
   */
  private close(state: number, list: Int32Array, length: number, meter: MatchMeter): number {
    // Marked when pushed, so each state is on the stack at most once and the stack fits `size`.
    const { seen, stack, mark, kinds, next, targets, firstTarget } = this;
    if (seen[state] === mark) return length;
    let depth = 0;
    let added = length;
    let visited = 0;
    seen[state] = mark;
    stack[depth++] = state;
    while (depth > 0) {
      const s = stack[--depth] as number;
      visited += 1;
      const kind = kinds[s];
      if (kind === SPLIT) {
        const end = firstTarget[s + 1] as number;
        for (let t = firstTarget[s] as number; t < end; t += 1) {
          const target = targets[t] as number;
          if (seen[target] === mark) continue;
          seen[target] = mark;
          stack[depth++] = target;
        }
        continue;
      }
      list[added++] = s;
      const after = next[s] as number;
      if (kind === ANY_RUN && seen[after] !== mark) {
        seen[after] = mark;
        stack[depth++] = after;
      }
    }
    meter.steps += visited;
    return added;
  }

  /** The cached set of the first `length` states of the scratch list (sorted: one set, one entry). */
  private intern(length: number): StateSet {
    const states = this.list.slice(0, length);
    states.sort();
    // States are numbered below 65,536 (patterns are at most 1,000 characters): one code unit each.
    const key = String.fromCharCode(...states);
    const known = this.cache.get(key);
    if (known) return known;
    const slots = states.length + this.classCount;
    if (this.cachedSlots + slots > MAX_CACHED_SLOTS) {
      this.cache.clear();
      this.cachedSlots = 0;
      this.generation += 1;
    }
    let accepting = false;
    for (const state of states) if (this.kinds[state] === ACCEPT) accepting = true;
    const set: StateSet = {
      states,
      accepting,
      next: new Array<StateSet | undefined>(this.classCount),
      generation: this.generation,
    };
    this.cache.set(key, set);
    this.cachedSlots += slots;
    return set;
  }
}

/**
 * Builds the automaton back to front: each part is given the state that follows it, so
 * alternatives share what comes after them instead of copying it (the size stays linear in the
 * pattern's length).
 */
class Builder {
  readonly kinds: number[] = [];
  readonly chars: number[] = [];
  readonly next: number[] = [];
  readonly branches: number[][] = [];

  add(kind: number, char: number, next: number, branches: number[] = []): number {
    this.kinds.push(kind);
    this.chars.push(char);
    this.next.push(next);
    this.branches.push(branches);
    return this.kinds.length - 1;
  }

  build(pattern: RegularPattern, follow: number): number {
    switch (pattern.kind) {
      case 'text': {
        let state = follow;
        for (let i = pattern.text.length - 1; i >= 0; i -= 1) {
          state = this.add(CHAR, pattern.text.charCodeAt(i), state);
        }
        return state;
      }
      case 'anyRun':
        return this.add(ANY_RUN, 0, follow);
      case 'sequence':
        return pattern.items.reduceRight((state, item) => this.build(item, state), follow);
      case 'either':
        return this.add(
          SPLIT,
          0,
          -1,
          pattern.options.map((option) => this.build(option, follow)),
        );
    }
  }
}
