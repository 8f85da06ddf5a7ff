import { Context, type Emitter, type Template, toValue, toValueSync } from 'liquidjs';
import { rewriteLegacyHelpers } from './legacy-helpers';
import { createSandbox, type RenderBounds, TEMPLATE_LIMITS } from './sandbox';
import type { TemplateContext } from './template-context';

/**
 * What checking a template found: nothing, or the first error and the line of the user's text it is on.
 *
 * @example const check: TemplateCheck = { ok: false, line: 3, message: 'undefined filter: upcas' };
 */
export type TemplateCheck = { ok: true } | { ok: false; line: number; message: string };

/**
 * What rendering a template made: its text (cut at {@link TEMPLATE_LIMITS.outputLength}
 * characters, `truncated` then true), or why it made none, for the delivery record.
 *
 * @example const render: TemplateRender = { ok: false, reason: 'Line 1: template render limit exceeded' };
 */
export type TemplateRender = { ok: true; text: string; truncated: boolean } | { ok: false; reason: string };

/**
 * What a preview shows: the rendered text, or the error, with its line when it has one.
 *
 * @example const preview: TemplatePreview = { ok: false, line: 2, message: 'tag {% if x %} not closed' };
 */
export type TemplatePreview =
  | { ok: true; text: string }
  | { ok: false; line: number | null; message: string };

/**
 * Parses a template without rendering it, to refuse a broken one when a rule is saved (answered as
 * 422 "Line N: …"). Unknown filters, unclosed tags, file tags (`include`, `render`, `layout`) and bad
 * `alert_items` arguments are errors; unknown variables are not (they render empty).
 *
 * @example
 * checkTemplate('{{ name }}\n{{ state | upcas }}') // { ok: false, line: 2, message: 'undefined filter: upcas' }
 */
export function checkTemplate(text: string): TemplateCheck {
  const parsed = parse(text);
  return parsed.ok ? { ok: true } : { ok: false, line: parsed.line, message: parsed.message };
}

/**
 * Renders a template for one message. It never throws: a broken template, the time or allocation
 * limit, or any runtime error gives `ok: false` and a reason, and delivery sends the default
 * message instead and records why. Synchronous on purpose: LiquidJS's time limit counts wall time
 * from the start of the render, so an async render would be charged for whatever else the event
 * loop runs meanwhile; a sync one blocks at most the time limit (plus one step).
 *
 * @example
 * renderTemplate('{{ state_line }} {{ name }}', templateContext(facts))
 * // { ok: true, text: '🔴 CRITICAL Disk space', truncated: false }
 */
export function renderTemplate(
  text: string,
  context: TemplateContext,
  bounds: RenderBounds = TEMPLATE_LIMITS,
): TemplateRender {
  const parsed = parse(text, bounds);
  if (!parsed.ok) return { ok: false, reason: `Line ${parsed.line}: ${parsed.message}` };
  const { liquid, templates } = parsed;
  const emitter = new CappedEmitter(TEMPLATE_LIMITS.outputLength);
  try {
    // The render's own context and emitter (instead of `liquid.renderSync`) so the output cap is
    // enforced as it grows, without ever building (and flattening) an oversized string.
    // A shallow copy: `{% increment x %}` writes to the top-level variables, and a context may be
    // rendered again for the next endpoint.
    const ctx = new Context({ ...context }, liquid.options, { sync: true }, { liquid });
    toValueSync(liquid.renderer.renderTemplates(templates, ctx, emitter));
  } catch (error) {
    if (!emitter.full) return { ok: false, reason: describe(error) };
  }
  return { ok: true, text: emitter.buffer, truncated: emitter.full };
}

/**
 * Checks then renders, for a preview of a rule's template against an event (usually its last):
 * the text, or the error with the line it is on (null when the render failed without one).
 *
 * @example
 * previewTemplate('{% if x %}', context) // { ok: false, line: 1, message: 'tag {% if x %} not closed' }
 */
export function previewTemplate(text: string, context: TemplateContext): TemplatePreview {
  const check = checkTemplate(text);
  if (!check.ok) return check;
  const render = renderTemplate(text, context);
  if (render.ok) return { ok: true, text: render.text };
  const located = /^Line (\d+): (.*)$/s.exec(render.reason);
  return located
    ? { ok: false, line: Number(located[1]), message: located[2] ?? render.reason }
    : { ok: false, line: null, message: render.reason };
}

/**
 * Whether a template reads a top-level variable anywhere (in any tag or output, at any depth), by
 * LiquidJS's static analysis. A grouped message's template that reads `group` lists the instances
 * itself, so the channels leave their own list out. A template that does not parse reads nothing.
 *
 * @example readsVariable('{% for i in group.instances %}{{ i.instance }}{% endfor %}', 'group') // true
 */
export function readsVariable(text: string, name: string): boolean {
  const parsed = parse(text);
  if (!parsed.ok) return false;
  try {
    return parsed.liquid.globalVariablesSync(parsed.templates).includes(name);
  } catch {
    return false;
  }
}

type Parsed =
  | { ok: true; liquid: ReturnType<typeof createSandbox>; templates: Template[] }
  | { ok: false; line: number; message: string };

function parse(text: string, bounds: RenderBounds = TEMPLATE_LIMITS): Parsed {
  if (text.length > TEMPLATE_LIMITS.parseLength) {
    return {
      ok: false,
      line: 1,
      message: `the template is longer than ${TEMPLATE_LIMITS.parseLength} characters`,
    };
  }
  try {
    const liquid = createSandbox(bounds);
    return { ok: true, liquid, templates: liquid.parse(rewriteLegacyHelpers(text)) };
  } catch (error) {
    return { ok: false, line: lineOf(error) ?? 1, message: messageOf(error) };
  }
}

/** LiquidJS errors carry the token they failed at; its line is the user's (legacy rewrites keep lines). */
function lineOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('token' in error)) return null;
  const token: unknown = error.token;
  if (typeof token !== 'object' || token === null || !('getPosition' in token)) return null;
  const { getPosition } = token;
  if (typeof getPosition !== 'function') return null;
  const position: unknown = getPosition.call(token);
  return Array.isArray(position) && typeof position[0] === 'number' ? position[0] : null;
}

/** LiquidJS appends ", line:N, col:M" to its messages; the line is reported on its own. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, line:\d+, col:\d+$/, '');
}

function describe(error: unknown): string {
  const line = lineOf(error);
  return line === null ? messageOf(error) : `Line ${line}: ${messageOf(error)}`;
}

/**
 * Collects output up to a cap and stops the render once it is reached (by throwing, the only way to
 * stop LiquidJS from inside). What was written before the cap is kept: a long list is cut, not lost.
 */
class CappedEmitter implements Emitter {
  buffer = '';
  full = false;

  constructor(private readonly cap: number) {}

  write(html: unknown): void {
    const piece = stringify(html);
    const room = this.cap - this.buffer.length;
    if (piece.length <= room) {
      this.buffer += piece;
      return;
    }
    this.full = true;
    // The last character becomes an ellipsis, so the cut shows; a split surrogate pair is dropped.
    this.buffer = `${(this.buffer + piece.slice(0, room)).slice(0, this.cap - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
    throw new Error('output limit reached');
  }
}

/** What LiquidJS's own emitter writes for a value: arrays joined, nil empty. */
function stringify(value: unknown): string {
  const resolved: unknown = toValue(value);
  if (typeof resolved === 'string') return resolved;
  if (resolved === null || resolved === undefined) return '';
  if (Array.isArray(resolved)) return resolved.map(stringify).join('');
  return String(resolved);
}
