import type { Context, FilterImplOptions, Liquid } from 'liquidjs';

/**
 * The bounds a filter call runs within, beside LiquidJS's own allocation count: an array a filter
 * takes or makes has at most `arrayElements` elements, and all filter calls of one render together
 * do at most `work` units (the size of what each call walks: array elements or string characters,
 * `n · log2 n` for the sorts).
 */
export interface FilterBounds {
  readonly arrayElements: number;
  readonly work: number;
}

/** Filters whose cost grows faster than their input: a comparison sort. */
const SORTS = new Set(['sort', 'sort_natural']);

/** Filters that read one element or a length whatever the size: a long list of items may use them. */
const CONSTANT_TIME = new Set(['size', 'first', 'last', 'default']);

/**
 * Replaces every filter of `liquid` with one that checks the render's deadline before and after the
 * call and charges its work. LiquidJS checks its time limit only between tags, so a single output
 * (`{{ a | sort_natural | sort_natural | … }}`) ran every filter of its chain however long it took;
 * the checks here stop the chain at the first filter past the deadline, and the array bound keeps any
 * one call short (a sort of the largest allowed array takes a few milliseconds). The work units make
 * the bound the same on a fast and a slow machine, which the deadline alone cannot.
 *
 * @example bindFilterBounds(liquid, { arrayElements: 10_000, work: 1_000_000 });
 */
export function bindFilterBounds(liquid: Liquid, bounds: FilterBounds): void {
  const workUsed = new WeakMap<Context, number>();
  for (const [name, options] of Object.entries(liquid.filters)) {
    liquid.registerFilter(name, boundedFilter(name, options, bounds, workUsed));
  }
}

function boundedFilter(
  name: string,
  options: FilterImplOptions,
  bounds: FilterBounds,
  workUsed: WeakMap<Context, number>,
): FilterImplOptions {
  const handler = typeof options === 'function' ? options : options.handler;
  const raw = typeof options === 'function' ? false : options.raw;
  const sorts = SORTS.has(name);
  const constantTime = CONSTANT_TIME.has(name);
  return {
    raw,
    // A generator, as LiquidJS's own filters may be: the `yield` lets the renderer resolve a filter
    // that is itself a generator (sort, map, where) before its result is measured.
    *handler(value: unknown, ...args: unknown[]): Generator<unknown, unknown, unknown> {
      const { context } = this;
      // The size first: a render refused for an input too large says so, whatever the clock says.
      if (!constantTime) refuseLargeArrays(name, bounds, value, ...args);
      context.renderLimit.check(performance.now());
      const size = constantTime
        ? 0
        : sizeOf(value) + args.reduce<number>((total, arg) => total + sizeOf(arg), 0);
      const used = (workUsed.get(context) ?? 0) + (sorts ? size * Math.ceil(Math.log2(size + 1)) : size) + 1;
      if (used > bounds.work) throw new Error('template work limit exceeded');
      workUsed.set(context, used);
      const result: unknown = yield handler.call(this, value, ...args);
      if (!constantTime) refuseLargeArrays(name, bounds, result);
      context.renderLimit.check(performance.now());
      return result;
    },
  };
}

function refuseLargeArrays(name: string, bounds: FilterBounds, ...values: unknown[]): void {
  for (const value of values) {
    if (Array.isArray(value) && value.length > bounds.arrayElements) {
      throw new Error(
        `${name}: an array of ${value.length} elements is over the ${bounds.arrayElements} allowed`,
      );
    }
  }
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  return 0;
}
