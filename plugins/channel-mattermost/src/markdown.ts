// Characters that start markdown anywhere in a line: emphasis, code, links, images, tags, tables,
// headings and hashtags, LaTeX, and the backslash itself.
const INLINE = /[\\`*_~[\]()<>|#!$]/g;

// U+2060 WORD JOINER: invisible, and not part of a name, so `@\u2060channel` mentions nobody.
const WORD_JOINER = '\u2060';

/**
 * Escapes text so Mattermost shows it as written: no emphasis, heading, list, link, image, autolink
 * (`https\://…`, `www\.…`), emoji or entity that nobody wrote. Ordinary punctuation stays as it
 * is, so the raw text (which push notifications show) still reads well. Mattermost finds mentions
 * in the raw text whatever escapes them, so an invisible word joiner after each `@` keeps an alert
 * from paging `@channel`, `@all`, `@here` or anyone by name.
 *
 * @example escapeMarkdown('@here [ack](https://x.example)') // '@⁠here \\[ack\\]\\(https\\://x.example\\)'
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE, '\\$&')
    .replace(/&(?=#?\w+;)/g, '\\&') // an entity: `&#64;channel` would show an @
    .replace(/:(?=\/\/)/g, '\\:') // a URL scheme, which Mattermost links by itself
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/:(?=[\w+-]+:)/g, '\\:') // an emoji name
    .replace(/^([ \t]*)([-+=]|\d+(?=\.))/gm, (_line, indent: string, marker: string) =>
      /\d/.test(marker) ? `${indent}${marker}\\` : `${indent}\\${marker}`,
    )
    .replace(/@(?=\w)/g, `@${WORD_JOINER}`);
}

/** A markdown link whose URL cannot end the link early (parentheses and spaces are percent-encoded). */
export function markdownLink(label: string, url: string): string {
  return `[${escapeMarkdown(label)}](${url.replace(/[()\s]/g, percentEncode)})`;
}

// encodeURIComponent leaves parentheses alone, and they are exactly what ends a markdown link.
function percentEncode(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}
