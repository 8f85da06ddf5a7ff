/**
 * A result row as labels: every field Splunk computed for the row, multivalue fields joined with
 * ", ". Internal fields (`_time`, `_raw`, `_cd`…) are left out: they are per-event noise for
 * matching, and the useful ones are mapped on their own.
 */
export function resultLabels(result: Readonly<Record<string, unknown>>): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [field, value] of Object.entries(result)) {
    if (field.startsWith('_')) continue;
    const text = fieldText(value);
    if (text !== undefined) labels[field] = text;
  }
  return labels;
}

/** A result field's value as text, or `undefined` for nested objects and nulls. */
export function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(fieldText);
    return parts.every((part) => part !== undefined) ? parts.join(', ') : undefined;
  }
  return undefined;
}
