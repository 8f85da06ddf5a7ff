/**
 * Escapes text so Mattermost's markdown shows it literally: an alert saying `*_[x](y)` must not turn
 * into emphasis or a link nobody wrote.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~[\]()<>|#]/g, (character) => `\\${character}`);
}

/** A markdown link whose URL cannot end the link early (parentheses and spaces are percent-encoded). */
export function markdownLink(label: string, url: string): string {
  return `[${escapeMarkdown(label)}](${url.replace(/[()\s]/g, percentEncode)})`;
}

// encodeURIComponent leaves parentheses alone, and they are exactly what ends a markdown link.
function percentEncode(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}
