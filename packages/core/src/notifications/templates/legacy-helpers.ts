/**
 * The legacy product's helper, `{{alert_items labels="a,b" annotations="* exclude=x"}}` (both
 * arguments optional, in either order, `{{-`/`-}}` trimming kept), which Liquid cannot parse.
 */
const LEGACY_ALERT_ITEMS =
  /\{\{(-?)\s*alert_items((?:\s+(?:labels|annotations)\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(-?)\}\}/g;
const LEGACY_ARGUMENT = /(labels|annotations)\s*=\s*("[^"]*"|'[^']*')/g;

/**
 * Rewrites legacy `{{alert_items …}}` helpers into the `{% alert_items … %}` tag, leaving everything
 * else as it is (`{{name}}`, `{{state_line}}`, `{{date}}` are already Liquid). Each rewrite keeps the
 * line breaks of what it replaces and starts on the same line, so errors found in the rewritten text
 * name the lines of the user's text.
 *
 * @example
 * rewriteLegacyHelpers('{{alert_items labels="instance,job" annotations="* exclude=runbook"}}')
 * // '{% alert_items labels: "instance,job", annotations: "* exclude=runbook" %}'
 */
export function rewriteLegacyHelpers(text: string): string {
  return text.replace(LEGACY_ALERT_ITEMS, (helper, trimLeft: string, args: string, trimRight: string) => {
    const tagArgs = Array.from(args.matchAll(LEGACY_ARGUMENT), ([, name, value]) => `${name}: ${value}`);
    const lineBreaks = '\n'.repeat(helper.split('\n').length - 1);
    const inner = tagArgs.length > 0 ? ` ${tagArgs.join(', ')}` : '';
    return `{%${trimLeft} alert_items${inner} ${lineBreaks}${trimRight}%}`;
  });
}
