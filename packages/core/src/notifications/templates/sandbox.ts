import { CaptureTag, type Context, Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import { AlertItemsTag } from './alert-items-tag';
import { bindFilterBounds } from './bounded-filters';

/**
 * The bounds every template runs within. A template is at most {@link TEMPLATE_LIMITS.parseLength}
 * characters; a render gets {@link TEMPLATE_LIMITS.renderMs} of time and
 * {@link TEMPLATE_LIMITS.memory} units of LiquidJS's allocation count (characters of strings built by
 * filters, elements of arrays and ranges); a filter takes and makes arrays of at most
 * {@link TEMPLATE_LIMITS.arrayElements} elements, and the filters of one render walk at most
 * {@link TEMPLATE_LIMITS.work} elements or characters in all (`n · log2 n` for a sort), with the time
 * limit checked around every filter call; its output is cut at {@link TEMPLATE_LIMITS.outputLength}
 * characters (channels shorten further for their medium).
 *
 * @example `the template is longer than ${TEMPLATE_LIMITS.parseLength} characters`
 */
export const TEMPLATE_LIMITS = {
  parseLength: 20_000,
  renderMs: 50,
  memory: 1_000_000,
  arrayElements: 10_000,
  work: 1_000_000,
  outputLength: 16_384,
} as const;

/** The render bounds one sandbox applies; tests lift the time limit to see the counting bounds alone. */
export type RenderBounds = { readonly [K in 'renderMs' | 'memory' | 'arrayElements' | 'work']: number };

/** Tags that read other templates from the file system; a message template has none to read. */
const FILE_TAGS = ['include', 'render', 'layout'] as const;

/**
 * Builds a tag class that fails at parse time, so `checkTemplate` rejects it with its line when the
 * rule is saved; the `templates: {}` option below already keeps LiquidJS off the disk, this makes the
 * refusal explicit instead of an "ENOENT" at send time.
 */
function refusedTag(name: string) {
  return class RefusedTag extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      throw new Error(`the ${name} tag is not available in message templates`);
    }
    render(): void {}
  };
}

/**
 * `capture` builds a string without LiquidJS counting it, so `{% capture s %}{{s}}{{s}}{% endcapture %}`
 * in a loop would double a string unchecked; counting what each capture made bounds it like `append`.
 */
class CountedCaptureTag extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    yield* super.render(ctx);
    const captured: unknown = ctx.bottom()[this.variable];
    if (typeof captured === 'string') ctx.memoryLimit.use(captured.length);
  }
}

/**
 * A LiquidJS engine for one parse: no file system, no prototype walking, unknown filters are parse
 * errors and unknown variables render empty (a template written for an alert with labels still
 * renders for one without). A fresh engine per template because LiquidJS's `parseLimit` counts every
 * parse of an engine's lifetime, not each one; building one costs well under a millisecond.
 *
 * @example const liquid = createSandbox(); const templates = liquid.parse('{{ name }}');
 */
export function createSandbox(bounds: RenderBounds = TEMPLATE_LIMITS): Liquid {
  const liquid = new Liquid({
    // An in-memory, empty template store: no include/render/layout can ever reach the disk.
    templates: {},
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    // The server's own zone must not leak into messages: `date` filters work in UTC.
    timezoneOffset: 0,
    locale: 'en-US',
    // The user's text is held to parseLength before parsing; rewriting legacy helpers adds a few
    // characters to each, so LiquidJS's own bound leaves room for that and is a backstop.
    parseLimit: TEMPLATE_LIMITS.parseLength * 2,
    renderLimit: bounds.renderMs,
    memoryLimit: bounds.memory,
  });
  bindFilterBounds(liquid, bounds);
  for (const name of FILE_TAGS) liquid.registerTag(name, refusedTag(name));
  liquid.registerTag('capture', CountedCaptureTag);
  liquid.registerTag('alert_items', AlertItemsTag);
  return liquid;
}
