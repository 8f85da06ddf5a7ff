import { type Context, type Emitter, type Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import { alertItemLines, type TemplateItem } from './alert-item-lines';
import { type KeySelection, parseSelection } from './item-selection';

/** Without arguments the tag lists every label and no annotation: the legacy helper's default. */
const DEFAULT_LABELS: KeySelection = { kind: 'all', exclude: [] };
const DEFAULT_ANNOTATIONS: KeySelection = { kind: 'listed', keys: [] };

/** One `name: "value"` argument (either quote), optionally followed by a comma. */
const ARGUMENT = /\s*([A-Za-z_]+)\s*:\s*(?:"([^"]*)"|'([^']*)')\s*,?/y;

/**
 * `{% alert_items labels: "a,b", annotations: "* exclude=x" %}`: the event's alert items, one line
 * each (see {@link alertItemLines}). Arguments are string literals only, so they are checked when
 * the template is parsed and a typo is a line error at save time, not an empty list at 3 a.m.
 * It reads `items` from the render's own variables, never from `assign`ed ones, so it always lists
 * the event's alerts.
 *
 * @example
 * liquid.registerTag('alert_items', AlertItemsTag);
 * // '{% alert_items labels: "instance", annotations: "summary" %}' → '- instance=db-1 | summary: disk full'
 */
export class AlertItemsTag extends Tag {
  private readonly labels: KeySelection;
  private readonly annotations: KeySelection;

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    const args = parseArguments(token.args);
    this.labels = args.labels ?? DEFAULT_LABELS;
    this.annotations = args.annotations ?? DEFAULT_ANNOTATIONS;
  }

  render(ctx: Context, emitter: Emitter): void {
    const items: unknown = Object.hasOwn(ctx.environments, 'items')
      ? Reflect.get(ctx.environments, 'items')
      : [];
    const text = alertItemLines(
      Array.isArray(items) ? items.filter(isTemplateItem) : [],
      this.labels,
      this.annotations,
    );
    // Counted like any other string a template makes, so a loop around the tag stays bounded.
    ctx.memoryLimit.use(text.length);
    emitter.write(text);
  }
}

function parseArguments(text: string): { labels?: KeySelection; annotations?: KeySelection } {
  const found: { labels?: KeySelection; annotations?: KeySelection } = {};
  ARGUMENT.lastIndex = 0;
  let position = 0;
  while (position < text.length && text.slice(position).trim() !== '') {
    ARGUMENT.lastIndex = position;
    const match = ARGUMENT.exec(text);
    if (!match)
      throw new Error(`alert_items: expected labels: "…" or annotations: "…", got "${text.trim()}"`);
    const [, name, doubleQuoted, singleQuoted] = match;
    if (name !== 'labels' && name !== 'annotations') {
      throw new Error(`alert_items: unknown argument "${name}" (use labels or annotations)`);
    }
    const parsed = parseSelection(doubleQuoted ?? singleQuoted ?? '');
    if (!parsed.ok) throw new Error(`alert_items: ${name} ${parsed.message}`);
    found[name] = parsed.selection;
    position = ARGUMENT.lastIndex;
  }
  return found;
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

function isTemplateItem(value: unknown): value is TemplateItem {
  if (typeof value !== 'object' || value === null) return false;
  const item: Partial<Record<keyof TemplateItem, unknown>> = value;
  return (
    typeof item.instance === 'string' && isRecordOfStrings(item.labels) && isRecordOfStrings(item.annotations)
  );
}
