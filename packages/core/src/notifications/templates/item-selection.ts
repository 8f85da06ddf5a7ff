/**
 * Which keys of a label or annotation map a line shows: `all` with some left out (`*`,
 * `* exclude=x,y`) or exactly the listed keys, in the listed order (`a,b`).
 */
export type KeySelection =
  | { readonly kind: 'all'; readonly exclude: readonly string[] }
  | { readonly kind: 'listed'; readonly keys: readonly string[] };

/** Key names: what Prometheus allows in label names, plus `.`, `-` and `/` (annotations from other tools use them). */
const KEY = /^[A-Za-z_][A-Za-z0-9_.\-/]*$/;

/**
 * Reads a selection spec: `*` (every key), `* exclude=a,b` (every key but a and b), `a,b` (a then
 * b) or an empty string (no key). Returns an error message for anything else, so a typo is
 * reported when the template is saved instead of silently showing nothing.
 *
 * @example
 * parseSelection('* exclude=job') // { ok: true, selection: { kind: 'all', exclude: ['job'] } }
 * parseSelection('instance, job') // { ok: true, selection: { kind: 'listed', keys: ['instance', 'job'] } }
 */
export function parseSelection(
  spec: string,
): { ok: true; selection: KeySelection } | { ok: false; message: string } {
  const text = spec.trim();
  const all = /^\*(?:\s+exclude\s*=\s*(.*))?$/s.exec(text);
  if (all) {
    const exclude = all[1] === undefined ? [] : keyList(all[1]);
    if (exclude === null || (all[1] !== undefined && exclude.length === 0)) {
      return { ok: false, message: `"${spec}" must be "*" or "* exclude=key,key"` };
    }
    return { ok: true, selection: { kind: 'all', exclude } };
  }
  const keys = text === '' ? [] : keyList(text);
  if (keys === null) {
    return {
      ok: false,
      message: `"${spec}" must list keys separated by commas, or be "*" or "* exclude=key,key"`,
    };
  }
  return { ok: true, selection: { kind: 'listed', keys } };
}

function keyList(text: string): string[] | null {
  const keys = text.split(',').map((key) => key.trim());
  return keys.every((key) => KEY.test(key)) ? keys : null;
}

/**
 * The selected entries of a map, as `[key, value]` pairs: listed keys in the listed order (absent
 * ones skipped), or every key in the map's own order.
 *
 * @example selectEntries({ job: 'node', instance: 'db-1' }, { kind: 'listed', keys: ['instance'] }) // [['instance', 'db-1']]
 */
export function selectEntries(
  values: Readonly<Record<string, string>>,
  selection: KeySelection,
): [string, string][] {
  if (selection.kind === 'listed') {
    return selection.keys.flatMap((key) => (Object.hasOwn(values, key) ? [[key, String(values[key])]] : []));
  }
  return Object.entries(values)
    .filter(([key]) => !selection.exclude.includes(key))
    .map(([key, value]) => [key, String(value)]);
}
