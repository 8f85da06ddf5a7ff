const ELLIPSIS = '…';

/**
 * Shortens text to at most `maxLength` characters (code points), marking the cut with an ellipsis.
 *
 * @example truncate('abcdef', 4) // 'abc…'
 */
export function truncate(text: string, maxLength: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  if (maxLength <= 0) return '';
  return characters.slice(0, maxLength - 1).join('') + ELLIPSIS;
}
