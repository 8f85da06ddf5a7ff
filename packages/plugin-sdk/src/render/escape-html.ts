const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Escapes text for HTML element content and double-quoted attributes. Alert titles and bodies come
 * from monitored systems, so they must never be interpreted as markup.
 *
 * @example escapeHtml('a < b & "c"') // 'a &lt; b &amp; &quot;c&quot;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => ENTITIES[character] ?? character);
}
