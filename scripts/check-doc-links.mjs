#!/usr/bin/env node
// Every relative link in README.md and docs/ (Markdown links and images) must name a file or
// directory inside the repository, and a `#fragment` must name a heading of the target file: docs
// that point nowhere are found in CI, not by a reader. Absolute URLs are not fetched (CI has no
// network to rely on). Exits 1 and lists each broken link as file:line.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchors: lower-cased, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Links outside code: fenced blocks and inline code spans are examples, not links. */
function linksOf(file) {
  const links = [];
  let fenced = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return;
      }
      if (fenced) return;
      const text = line.replace(/`[^`]*`/g, '');
      for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ target: match[1], line: index + 1 });
      }
      for (const match of text.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/g))
        links.push({ target: match[1], line: index + 1 });
    });
  return links;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const broken = [];
let checked = 0;
for (const file of files) {
  for (const { target, line } of linksOf(file)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    checked += 1;
    const [pathPart, fragment] = target.split('#');
    const path = decodeURIComponent(pathPart ?? '');
    const resolved = path === '' ? file : resolve(dirname(file), path);
    const where = `${relative(root, file)}:${line}`;
    if (resolved !== root && !resolved.startsWith(root + sep)) {
      broken.push(`${where}: ${target} leaves the repository`);
    } else if (!existsSync(resolved)) {
      broken.push(`${where}: ${target} does not exist`);
    } else if (
      fragment &&
      statSync(resolved).isFile() &&
      extname(resolved) === '.md' &&
      !anchorsOf(resolved).has(fragment)
    ) {
      broken.push(`${where}: ${target} names no heading of ${relative(root, resolved)}`);
    }
  }
}
if (broken.length > 0) {
  console.error(`${broken.length} broken relative link(s) in README.md and docs/:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`${checked} relative links in ${files.length} Markdown files resolve inside the repository.`);
