/**
 * Groups a site's URLs into templates by the shape of their paths: "/blog/<slug>", "/products/<id>",
 * "/tag/<name>", "/<lang>/docs/<name>". A site renders each template from one piece of code, so one
 * template's pages tend to share their faults (an app shell, a missing Product offer, a robots.txt rule),
 * and a sample that covers every template covers most of what can be wrong.
 *
 * Two passes. First each path segment is read on its own: numbers are ids, hex strings and UUIDs hashes,
 * year/month/day runs dates, words joined by hyphens slugs, a leading language code a locale. Then the
 * segments still written literally are compared with their siblings: a folder with many different last
 * segments ("/tag/rust", "/tag/go", "/tag/web") is one template ("/tag/<name>"), as is a folder with many
 * sub-folders of the same layout ("/user/alice/posts", "/user/bob/posts" → "/user/<name>/posts").
 *
 * Time is linear in the total length of the URLs: each path is read to at most MAX_DEPTH segments of which
 * at most SEGMENT_READ characters are classified, and each merge moves a URL down one level at most once.
 */

export const HOMEPAGE_TEMPLATE = "/";

/** Segments read of a path; what lies deeper is one "<path>" (no site lays out different pages 8 folders down). */
export const MAX_DEPTH = 8;
/** Characters of one segment classified; a longer one is classified by its start (a slug is a slug by then). */
const SEGMENT_READ = 256;
/** Different last segments in one folder that make it a template of its own ("/tag/<name>"). */
const LEAF_COLLAPSE = 4;
/** Different sub-folders of one folder that make them one ("/user/<name>/…"); fewer are sections ("/blog/", "/docs/"). */
const SECTION_COLLAPSE = 12;
/** Query keys kept in a template ("/search?q"), sorted; more are dropped. */
const QUERY_KEYS = 4;

export interface TemplateGroup {
  template: string;
  /** The URLs of the template, in the order they were given. */
  urls: string[];
}

/** The templates of `urls`, largest first (ties by name). URLs that do not parse are left out. */
export function urlTemplates(urls: readonly string[]): TemplateGroup[] {
  const root = newNode();
  urls.forEach((url, index) => {
    const tokens = pathTokens(url);
    if (!tokens) return;
    let node = root;
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) {
        child = newNode();
        node.children.set(token, child);
      }
      node = child;
    }
    node.ends.push(index);
  });
  collapse(root);
  const groups = new Map<string, number[]>();
  collect(root, [], groups);
  return [...groups.entries()]
    .map(([template, indices]) => ({ template, urls: indices.sort((a, b) => a - b).map((index) => urls[index]!) }))
    .sort((a, b) => b.urls.length - a.urls.length || (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
}

interface Node {
  children: Map<string, Node>;
  /** Indices of the URLs whose path ends here. */
  ends: number[];
}

function newNode(): Node {
  return { children: new Map(), ends: [] };
}

/** The path's segments, classified one by one; [] for the homepage, null for a URL that does not parse. */
export function pathTokens(url: string): string[] | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const tokens: string[] = [];
  const path = parsed.pathname;
  let start = 1;
  let dateRun = 0;
  let loneYear = -1;
  while (start <= path.length && tokens.length < MAX_DEPTH) {
    let end = path.indexOf("/", start);
    if (end < 0) end = path.length;
    if (end > start) {
      const raw = path.slice(start, Math.min(end, start + SEGMENT_READ));
      const token = segmentToken(raw, tokens.length === 0, dateRun);
      // A year alone, not first in the path and not followed by a month, is a number like any other ("/item/2019").
      if (token !== DATE && loneYear > 0) tokens[loneYear] = "<id>";
      loneYear = token === DATE && dateRun === 0 && YEAR.test(raw) ? tokens.length : -1;
      dateRun = token === DATE ? dateRun + 1 : 0;
      // "/2016/12/15/" is one date, not three.
      if (!(token === DATE && tokens[tokens.length - 1] === DATE)) tokens.push(token);
    }
    start = end + 1;
  }
  if (loneYear > 0 && dateRun === 1) tokens[loneYear] = "<id>";
  if (start <= path.length && path.slice(start).replace(/\//g, "") !== "") tokens.push("<path>");
  const keys = queryKeys(parsed.search);
  if (keys) tokens.push(keys);
  return tokens;
}

const DATE = "<date>";

/** "?page&q": the sorted names of the query's parameters, or null without a query. */
function queryKeys(search: string): string | null {
  if (search.length <= 1) return null;
  const names = new Set<string>();
  for (const pair of search.slice(1, 1 + SEGMENT_READ * 4).split("&")) {
    const name = pair.split("=", 1)[0]!.slice(0, 32);
    if (name) names.add(name);
  }
  return names.size === 0 ? null : `?${[...names].sort().slice(0, QUERY_KEYS).join("&")}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{8,}$/i;
const YEAR = /^(?:19[9]\d|20\d\d)$/;
const MONTH_NAME = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)$/i;
const ISO_DATE = /^(?:19|20)\d\d-[01]\d(?:-[0-3]\d)?$/;
const EXTENSION = /\.[a-z][a-z0-9]{0,4}$/i;
const ALNUM = /^[A-Za-z0-9]+$/;
const DIGIT_RUN = /\d{4,}/g;
/** Words of letters (any script) or digits joined by hyphens, underscores, dots or pluses. */
const WORD_SEPARATOR = /[-_+.~]+/;
const HAS_LETTER = /\p{L}/u;

/** One segment as a template reads it: a placeholder, or the segment as written. */
function segmentToken(raw: string, first: boolean, dateRun: number): string {
  const text = decoded(raw);
  if (first && isLocale(text)) return "<lang>";
  // A month by name after a year ("/2016/nov/29/").
  if (dateRun === 1 && MONTH_NAME.test(text)) return DATE;
  const extension = EXTENSION.exec(text)?.[0] ?? "";
  const stem = extension ? text.slice(0, -extension.length) : text;
  if (/^\d+$/.test(stem)) {
    if (!extension && YEAR.test(stem) && dateRun === 0) return DATE;
    // A month or a day right after a year.
    if (!extension && dateRun > 0 && dateRun < 3 && stem.length <= 2 && Number(stem) >= 1 && Number(stem) <= 31) return DATE;
    return `<id>${extension}`;
  }
  if (ISO_DATE.test(stem)) return `${DATE}${extension}`;
  if (UUID.test(stem) || (HEX.test(stem) && /\d/.test(stem) && /[a-f]/i.test(stem))) return `<hash>${extension}`;
  if (ALNUM.test(stem) && digits(stem) >= 3 && digits(stem) * 4 >= stem.length) return `<id>${extension}`;
  if (isSlug(stem)) return `<slug>${extension}`;
  // A literal with a long number in it ("news,139377.html", "article229123092") is a template around an id.
  const withIds = raw.replace(DIGIT_RUN, "<id>");
  return withIds;
}

function decoded(raw: string): string {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function digits(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) count++;
  }
  return count;
}

/** Two or more words joined by separators, one of them with letters; or one long run of text (24+ characters). */
function isSlug(stem: string): boolean {
  if (!HAS_LETTER.test(stem)) return false;
  const words = stem.split(WORD_SEPARATOR).filter((word) => word !== "");
  return words.length >= 2 || stem.length >= 24;
}

/** ISO 639-1 codes: a first segment such as "en", "de-DE" or "zh-hans" is the page's language, not a section. */
const LANGUAGES = new Set(
  (
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy " +
    "ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu " +
    "lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so " +
    "sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu"
  ).split(" "),
);
const LOCALE = /^([a-z]{2})(?:[-_](?:[a-z]{2}|[a-z]{4}|\d{3}))?$/i;

function isLocale(text: string): boolean {
  const match = LOCALE.exec(text);
  return match !== null && LANGUAGES.has(match[1]!.toLowerCase());
}

const PLACEHOLDER = /^<(?:id|hash|slug|name|date|lang|path)>/;

/**
 * Folds literal segments into placeholders where their siblings show they vary: last segments of a folder
 * when there are LEAF_COLLAPSE of them (or a slug already stands beside them), sub-folders when there are
 * SECTION_COLLAPSE of them. Merged subtrees are folded again below.
 */
function collapse(node: Node): void {
  const literals = [...node.children.keys()].filter((key) => !PLACEHOLDER.test(key) && !key.startsWith("?"));
  const sections = literals.filter((key) => node.children.get(key)!.children.size > 0);
  if (sections.length >= SECTION_COLLAPSE) {
    for (const key of literals) mergeInto(node, key, `<name>${extensionOf(key)}`);
  } else {
    const leavesByExtension = new Map<string, string[]>();
    for (const key of literals) {
      if (node.children.get(key)!.children.size > 0) continue;
      const extension = extensionOf(key);
      const keys = leavesByExtension.get(extension);
      if (keys) keys.push(key);
      else leavesByExtension.set(extension, [key]);
    }
    for (const [extension, keys] of leavesByExtension) {
      const slug = `<slug>${extension}`;
      if (node.children.has(slug)) for (const key of keys) mergeInto(node, key, slug);
      else if (keys.length >= LEAF_COLLAPSE) for (const key of keys) mergeInto(node, key, `<name>${extension}`);
    }
  }
  // A folder of slugs and other words is one template of slugs.
  for (const key of [...node.children.keys()]) {
    if (key.startsWith("<name>") && node.children.has(`<slug>${key.slice("<name>".length)}`)) mergeInto(node, key, `<slug>${key.slice("<name>".length)}`);
  }
  for (const child of node.children.values()) collapse(child);
}

function extensionOf(key: string): string {
  return EXTENSION.exec(key)?.[0] ?? "";
}

/** Moves the child `from` (its URLs and subtree) into the child `to`, merging subtrees that meet. */
function mergeInto(node: Node, from: string, to: string): void {
  if (from === to) return;
  const source = node.children.get(from);
  if (!source) return;
  node.children.delete(from);
  const target = node.children.get(to);
  if (!target) {
    node.children.set(to, source);
    return;
  }
  mergeNodes(target, source);
}

function mergeNodes(target: Node, source: Node): void {
  for (const index of source.ends) target.ends.push(index);
  for (const [key, child] of source.children) {
    const existing = target.children.get(key);
    if (existing) mergeNodes(existing, child);
    else target.children.set(key, child);
  }
}

function collect(node: Node, path: string[], groups: Map<string, number[]>): void {
  if (node.ends.length > 0) {
    const template = path.length === 0 ? HOMEPAGE_TEMPLATE : templateText(path);
    const indices = groups.get(template);
    if (indices) for (const index of node.ends) indices.push(index);
    else groups.set(template, [...node.ends]);
  }
  for (const [key, child] of node.children) {
    path.push(key);
    collect(child, path, groups);
    path.pop();
  }
}

/** "/blog/<slug>", "/search?q", "/?page" (the homepage with a query is its own template). */
function templateText(path: string[]): string {
  const last = path[path.length - 1]!;
  if (!last.startsWith("?")) return `/${path.join("/")}`;
  return `/${path.slice(0, -1).join("/")}${last}`;
}
