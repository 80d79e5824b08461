/**
 * An llms.txt split into the parts the llmstxt.org proposal names, in its order: the H1 title, the
 * blockquote summary, the "details" (anything but headings), then the H2 sections of file lists.
 *
 * The proposal says the format can be read "using standard programmatic-based tools" (parsers and
 * regexes), so this reads the Markdown block by block, line by line, and keeps every line number for the
 * fixes to quote. Only ATX headings (`# Title`) count as headings: the proposal's own reader and the
 * tools built on it look for `#`, so an underlined (setext) title would not be found by them either.
 */

export interface BlockBase {
  /** 1-based number of the block's first line in the file. */
  line: number;
  endLine: number;
  /** The block's first line, as written. */
  firstLine: string;
}

export interface HeadingBlock extends BlockBase {
  kind: "heading";
  level: number;
  text: string;
}

export interface ListBlock extends BlockBase {
  kind: "list";
  items: ListItem[];
}

export interface OtherBlock extends BlockBase {
  kind: "paragraph" | "blockquote" | "code" | "break";
}

export type LlmsTxtBlock = HeadingBlock | ListBlock | OtherBlock;

export interface ListItem {
  line: number;
  /** The item's first line, as written. */
  firstLine: string;
  /** The text after the list marker, continuation lines joined by a space. */
  content: string;
  /** The `[name](url)` the item starts with, or null when it does not start with one. */
  link: ItemLink | null;
}

export interface ItemLink {
  name: string;
  /** The URL as written. */
  url: string;
  /** The URL resolved against the file's own URL; null when it cannot be parsed. */
  href: string | null;
  /** The text after `: `, when the item has notes. */
  notes: string | null;
  /** Text after the link that is not introduced by `:` (the format allows only `: notes` there). */
  stray: string | null;
}

export interface LlmsTxtSection {
  heading: HeadingBlock;
  /** The proposal's "Optional" section: its links may be skipped when a shorter context is needed. */
  optional: boolean;
  blocks: LlmsTxtBlock[];
}

/** A Markdown link anywhere outside code, with where it stands. */
export interface DocumentLink {
  name: string;
  url: string;
  href: string | null;
  line: number;
  /** The H2 it sits under; null before the first H2. */
  section: string | null;
  optional: boolean;
}

export interface LlmsTxtDocument {
  blocks: LlmsTxtBlock[];
  /** Blocks before the H1 (none in a well-formed file). */
  beforeTitle: LlmsTxtBlock[];
  /** The first H1 before any H2, or null when there is none. */
  title: HeadingBlock | null;
  /** The blockquote directly after the H1, when there is one. */
  summary: OtherBlock | null;
  /** Everything after the title and summary, before the first H2. */
  details: LlmsTxtBlock[];
  sections: LlmsTxtSection[];
  links: DocumentLink[];
}

const ATX_OPENING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLOCKQUOTE = /^ {0,3}>/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
// `[name](url "title")`: the name holds no brackets; the URL (matched by hand in linkAt) is allowed one
// level of balanced parentheses, as in Wikipedia's URLs.
const LINK_HEAD = /\[([^[\]\n]*)\]\(\s*<?/y;
const LINK_TAIL = />?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/y;

/** Splits an llms.txt into its parts; `base` (the file's URL) resolves relative links. */
export function parseLlmsTxt(text: string, base?: string): LlmsTxtDocument {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const blocks = readBlocks(lines, base);
  const firstH2 = blocks.findIndex((block) => block.kind === "heading" && block.level === 2);
  const leading = firstH2 === -1 ? blocks : blocks.slice(0, firstH2);
  const titleIndex = leading.findIndex((block) => block.kind === "heading" && block.level === 1);
  const title = titleIndex === -1 ? null : (leading[titleIndex] as HeadingBlock);
  const afterTitle = titleIndex === -1 ? leading : leading.slice(titleIndex + 1);
  const next = afterTitle[0];
  const summary = title && next?.kind === "blockquote" ? next : null;
  const sections = firstH2 === -1 ? [] : splitSections(blocks.slice(firstH2));
  return {
    blocks,
    beforeTitle: titleIndex === -1 ? [] : leading.slice(0, titleIndex),
    title,
    summary,
    details: summary ? afterTitle.slice(1) : afterTitle,
    sections,
    links: linksOf(lines, blocks, sections, base),
  };
}

/** Is this H2 the proposal's "Optional" section? */
export function isOptionalSection(heading: string): boolean {
  return heading.trim().toLowerCase() === "optional";
}

function splitSections(blocks: LlmsTxtBlock[]): LlmsTxtSection[] {
  const sections: LlmsTxtSection[] = [];
  for (const block of blocks) {
    if (block.kind === "heading" && block.level === 2) sections.push({ heading: block, optional: isOptionalSection(block.text), blocks: [] });
    else sections.at(-1)!.blocks.push(block);
  }
  return sections;
}

function readBlocks(lines: string[], base: string | undefined): LlmsTxtBlock[] {
  const blocks: LlmsTxtBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const block = readBlock(lines, index, base);
    blocks.push(block);
    index = block.endLine; // endLine is 1-based, so this is the line after the block
  }
  return blocks;
}

function readBlock(lines: string[], index: number, base: string | undefined): LlmsTxtBlock {
  const line = lines[index]!;
  const at = { line: index + 1, firstLine: line };
  const fence = FENCE.exec(line);
  if (fence) return { kind: "code", ...at, endLine: fenceEnd(lines, index, fence[1]!) + 1 };
  const heading = atxHeading(line);
  if (heading) return { kind: "heading", ...at, endLine: index + 1, ...heading };
  if (isThematicBreak(line)) return { kind: "break", ...at, endLine: index + 1 };
  if (BLOCKQUOTE.test(line)) return { kind: "blockquote", ...at, endLine: continuedUntil(lines, index, (next) => BLOCKQUOTE.test(next) || !startsBlock(next)) + 1 };
  if (topLevelItem(line)) return readList(lines, index, base);
  return { kind: "paragraph", ...at, endLine: continuedUntil(lines, index, (next) => !startsBlock(next)) + 1 };
}

/** The index of the last line of a block that continues while `continues` holds for non-blank lines. */
function continuedUntil(lines: string[], index: number, continues: (line: string) => boolean): number {
  let last = index;
  while (last + 1 < lines.length && lines[last + 1]!.trim() !== "" && continues(lines[last + 1]!)) last += 1;
  return last;
}

/** The index of the closing fence, or the last line when the fence is never closed. */
function fenceEnd(lines: string[], index: number, opening: string): number {
  for (let next = index + 1; next < lines.length; next += 1) if (closesFence(lines[next]!, opening)) return next;
  return lines.length - 1;
}

/**
 * A closing fence: up to three spaces, at least as many of the opening's marks, then only spaces or tabs
 * (CommonMark §4.5). Read by hand: the regular expression took time quadratic in a long line of marks and spaces.
 */
function closesFence(line: string, opening: string): boolean {
  const indent = line.length - line.trimStart().length;
  if (indent > 3 || line.slice(0, indent).includes("\t")) return false;
  let end = indent;
  while (end < line.length && line[end] === opening[0]) end += 1;
  return end - indent >= opening.length && /^[ \t]*$/.test(line.slice(end));
}

/**
 * An ATX heading (CommonMark §4.2): one to six `#`, then a space, a tab or the end of the line; the text
 * without an optional closing run of `#` that follows a space. Read by hand: the regular expression it
 * replaces took time quadratic in the spaces inside a heading.
 */
function atxHeading(line: string): { level: number; text: string } | null {
  const opening = ATX_OPENING.exec(line);
  if (!opening) return null;
  const rest = line.slice(opening[0].length);
  if (/[\n\r\u2028\u2029]/.test(rest)) return null;
  let end = rest.length;
  while (end > 0 && (rest[end - 1] === " " || rest[end - 1] === "\t")) end -= 1;
  let hashes = end;
  while (hashes > 0 && rest[hashes - 1] === "#") hashes -= 1;
  if (hashes < end && (hashes === 0 || rest[hashes - 1] === " " || rest[hashes - 1] === "\t")) end = hashes;
  return { level: opening[1]!.length, text: rest.slice(0, end).trim() };
}

/** `---`, `* * *`, `___`: tested without a backtracking regex, which a long `- - - …` line would make slow. */
function isThematicBreak(line: string): boolean {
  if (!/^ {0,3}[-*_]/.test(line)) return false;
  const marks = line.replace(/[ \t]/g, "");
  return marks.length >= 3 && /^(?:-+|\*+|_+)$/.test(marks);
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || atxHeading(line) !== null || isThematicBreak(line) || BLOCKQUOTE.test(line) || topLevelItem(line);
}

function topLevelItem(line: string): boolean {
  const item = LIST_ITEM.exec(line);
  return item !== null && item[1]!.replace(/\t/g, "    ").length <= 3;
}

/**
 * A list: its items (nested ones included, each judged on its own) with their continuation lines. A
 * blank line ends the list unless the next line is another item or indented under the current one.
 */
function readList(lines: string[], index: number, base: string | undefined): ListBlock {
  const items: ListItem[] = [];
  let current: { line: number; firstLine: string; parts: string[] } | null = null;
  let last = index;
  const finish = () => {
    if (current) items.push(itemOf(current.line, current.firstLine, current.parts.join(" ").trim(), base));
  };
  for (let next = index; next < lines.length; next += 1) {
    const line = lines[next]!;
    if (line.trim() === "") {
      let following = next + 1;
      while (following < lines.length && lines[following]!.trim() === "") following += 1;
      if (following === lines.length || !(LIST_ITEM.test(lines[following]!) || /^(?: {2,}|\t)/.test(lines[following]!))) break;
      next = following - 1;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item && !isThematicBreak(line)) {
      finish();
      current = { line: next + 1, firstLine: line, parts: [item[3] ?? ""] };
    } else if (/^(?: {2,}|\t)/.test(line) || !startsBlock(line)) {
      current!.parts.push(line.trim());
    } else {
      break;
    }
    last = next;
  }
  finish();
  return { kind: "list", line: index + 1, endLine: last + 1, firstLine: lines[index]!, items };
}

function itemOf(line: number, firstLine: string, content: string, base: string | undefined): ListItem {
  const match = linkAt(content, 0);
  if (!match) return { line, firstLine, content, link: null };
  const rest = content.slice(match.end).trim();
  const colon = /^:\s*(.*)$/s.exec(rest);
  return {
    line,
    firstLine,
    content,
    link: {
      name: match.name.trim(),
      url: match.url,
      href: resolve(match.url, base),
      notes: colon ? colon[1]! : null,
      stray: !colon && rest !== "" ? rest : null,
    },
  };
}

function linksOf(lines: string[], blocks: LlmsTxtBlock[], sections: LlmsTxtSection[], base: string | undefined): DocumentLink[] {
  const links: DocumentLink[] = [];
  let next = 0;
  let section: LlmsTxtSection | null = null;
  for (const block of blocks) {
    // Blocks and sections are both in file order: walk them together.
    while (next < sections.length && sections[next]!.heading.line <= block.line) section = sections[next++]!;
    if (block.kind === "code") continue;
    for (let index = block.line - 1; index < block.endLine; index += 1) {
      for (const match of linksIn(lines[index]!)) {
        if (match.image) continue; // an image, not a link to read
        links.push({ name: match.name.trim(), url: match.url, href: resolve(match.url, base), line: index + 1, section: section?.heading.text ?? null, optional: section?.optional ?? false });
      }
    }
  }
  return links;
}

interface LinkMatch {
  name: string;
  url: string;
  /** Just after the link's `)`. */
  end: number;
}

/**
 * The `[name](url "title")` link that starts at `start`, or null. The URL is scanned by hand, greedily:
 * no shorter URL could be followed by what ends a link, and the regular expression this replaces
 * backtracked through every character of a long URL that was never closed.
 */
function linkAt(text: string, start: number): LinkMatch | null {
  LINK_HEAD.lastIndex = start;
  const head = LINK_HEAD.exec(text);
  if (!head) return null;
  const urlStart = LINK_HEAD.lastIndex;
  let end = urlStart;
  while (end < text.length) {
    const char = text[end]!;
    if (char === "(") {
      let close = end + 1;
      while (close < text.length && text[close] !== "(" && text[close] !== ")" && !/\s/.test(text[close]!)) close += 1;
      if (text[close] !== ")") break;
      end = close + 1;
    } else if (char === ")" || char === "<" || char === ">" || /\s/.test(char)) {
      break;
    } else {
      end += 1;
    }
  }
  if (end === urlStart) return null;
  LINK_TAIL.lastIndex = end;
  if (!LINK_TAIL.exec(text)) return null;
  return { name: head[1]!, url: text.slice(urlStart, end), end: LINK_TAIL.lastIndex };
}

/** Every link in a line, in order, each marked when it is an image (`![alt](src)`). */
function* linksIn(line: string): Generator<LinkMatch & { image: boolean }> {
  let from = 0;
  for (let open = line.indexOf("[", from); open >= 0; open = line.indexOf("[", from)) {
    const match = linkAt(line, open);
    if (match) {
      yield { ...match, image: open > 0 && line[open - 1] === "!" && open - 1 >= from };
      from = match.end;
    } else {
      from = open + 1;
    }
  }
}

function resolve(url: string, base: string | undefined): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}
