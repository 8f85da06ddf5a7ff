/**
 * Whether `value` matches `pattern` as a whole, where `*` stands for any run of characters
 * (including none) and every other character stands for itself, case-sensitively. There is no
 * other wildcard and no escape: `?`, `[` and `.` are literal, because label values (paths, URLs,
 * versions) contain them far more often than users want a one-character wildcard.
 *
 * @example globMatch('web-*', 'web-1') // true
 * @example globMatch('*.example.com', 'db.example.com') // true
 * @example globMatch('Web-*', 'web-1') // false: case matters
 */
export function globMatch(pattern: string, value: string): boolean {
  const pieces = pattern.split('*');
  const first = pieces[0] ?? '';
  if (pieces.length === 1) return pattern === value;
  const last = pieces[pieces.length - 1] ?? '';
  if (value.length < first.length + last.length) return false;
  if (!value.startsWith(first) || !value.endsWith(last)) return false;
  // Greedy left-to-right search for the middle pieces is exact for `*`-only patterns: taking the
  // earliest occurrence of each piece leaves the most room for the ones after it.
  let position = first.length;
  const end = value.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = value.indexOf(piece, position);
    if (found === -1 || found + piece.length > end) return false;
    position = found + piece.length;
  }
  return true;
}
