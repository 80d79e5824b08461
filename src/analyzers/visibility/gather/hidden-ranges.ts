/**
 * The parts of raw HTML a reader does not see (comments; script, style, noscript, template and svg
 * elements; the head; tags), found without copying the page. They are exactly what this chain of
 * replacements removes, each step working on the previous step's output:
 *
 *   1. /<!--[\s\S]*?-->/g
 *   2. /<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi
 *   3. /<head\b[\s\S]*?<\/head\s*>/i          (the first match only)
 *   4. /<[^>]*>/g
 *
 * That chain copied a large page five times, and it rescans to the end of the page for every opening tag
 * that is never closed, so a page of many unclosed <script>s costs time quadratic in its size. Here each
 * step is a stage that reads the ranges the step before it removed, lazily and in order, and yields its own
 * together with those: a replacement leaves a space, so a removed range reads as whitespace to later steps.
 *
 * What makes this exact without building the intermediate strings: every removed range starts with "<"
 * and ends with ">" in the original text. So a run of characters other than "<" after a visible one is
 * visible too, and "\b" after a tag name sees the same thing (a non-word character) whether the next "<"
 * starts a removed range or not.
 */

/** Removed ranges of the original text, [start, end] inclusive, in increasing order, never overlapping. */
export interface RangeSource {
  /** Advances to the next range; false when there is none. */
  next(): boolean;
  start: number;
  end: number;
}

/** The ranges the four steps remove from `html`, lazily. */
export function hiddenRanges(html: string): RangeSource {
  const comments = new CommentRanges(html);
  const rawText = new ElementRanges(html, comments, ["script", "style", "noscript", "template", "svg"], true);
  const head = new ElementRanges(html, rawText, ["head"], false);
  return new TagRanges(html, head);
}

/** Step 1: comments. An unclosed "<!--" is not one (and no later "<!--" can be). */
class CommentRanges implements RangeSource {
  start = 0;
  end = 0;
  private at = 0;

  constructor(private readonly html: string) {}

  next(): boolean {
    if (this.at < 0) return false;
    const open = this.html.indexOf("<!--", this.at);
    const close = open < 0 ? -1 : this.html.indexOf("-->", open + 4);
    if (close < 0) {
      this.at = -1;
      return false;
    }
    this.start = open;
    this.end = close + 2;
    this.at = close + 3;
    return true;
  }
}

/** The upstream ranges not yet passed on, read ahead without being taken (a search that fails must leave them). */
class Lookahead {
  private readonly buffer: number[] = [];
  private head = 0;
  /** The source has no more ranges (asking again would redo the searches that found none). */
  private exhausted = false;

  constructor(private readonly source: RangeSource) {}

  /** Whether there is a k-th range not yet taken, pulling from the source as needed. */
  has(k: number): boolean {
    while (this.head + 2 * k >= this.buffer.length) {
      if (this.exhausted) return false;
      if (!this.source.next()) {
        this.exhausted = true;
        return false;
      }
      this.buffer.push(this.source.start, this.source.end);
    }
    return true;
  }

  start(k: number): number {
    return this.buffer[this.head + 2 * k]!;
  }

  end(k: number): number {
    return this.buffer[this.head + 2 * k + 1]!;
  }

  take(count: number): void {
    this.head += 2 * count;
    if (this.head === this.buffer.length) {
      this.buffer.length = 0;
      this.head = 0;
    } else if (this.head > 4096 && 2 * this.head > this.buffer.length) {
      this.buffer.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** One step: its own matches, merged in order with the ranges of the steps before it. */
abstract class Stage implements RangeSource {
  start = 0;
  end = 0;
  protected readonly upstream: Lookahead;
  /** Where the next own match may start. */
  private at = 0;
  /** The next position where an own match may start (a "<" of the right kind), -1 before the first search. */
  private candidate = -1;
  /** No own match can start any more. */
  protected done = false;
  /** Set by find and tail: how many upstream ranges lie before what they found. */
  protected passed = 0;

  constructor(
    protected readonly html: string,
    upstream: RangeSource,
  ) {
    this.upstream = new Lookahead(upstream);
  }

  next(): boolean {
    for (;;) {
      if (!this.done && this.candidate < this.at) {
        this.candidate = this.findCandidate(this.at);
        if (this.candidate < 0) this.done = true;
      }
      const upstream = this.upstream.has(0);
      if (upstream && (this.done || this.upstream.start(0) <= this.candidate)) {
        // The earlier step's range comes first; a candidate inside it is not visible to this step.
        this.start = this.upstream.start(0);
        this.end = this.upstream.end(0);
        this.upstream.take(1);
        this.at = this.end + 1;
        return true;
      }
      if (this.done) return false;
      const end = this.matchAt(this.candidate);
      if (end >= 0) {
        this.start = this.candidate;
        this.end = end;
        this.at = end + 1;
        return true;
      }
      this.at = this.candidate + 1;
    }
  }

  /** The first position at or after `from` where an own match may start, visible or not; -1 if none. */
  protected abstract findCandidate(from: number): number;

  /**
   * The end of the own match starting at the visible `start`, taking the upstream ranges inside it; -1 if
   * none starts there (taking nothing). Every upstream range not yet taken lies after `start`.
   */
  protected abstract matchAt(start: number): number;

  /** The first visible match of `pattern` at or after `from`, skipping upstream ranges from the k-th on; -1 if none. Sets `passed`. */
  protected find(pattern: string | RegExp, from: number, k: number): number {
    for (;;) {
      const at = indexOf(this.html, pattern, from);
      if (at < 0) return -1;
      while (this.upstream.has(k) && this.upstream.end(k) < at) k++;
      if (this.upstream.has(k) && this.upstream.start(k) <= at) {
        from = this.upstream.end(k) + 1;
        k++;
        continue;
      }
      this.passed = k;
      return at;
    }
  }

  /** `\s*>` from `at`, an upstream range reading as a space: the position of the ">", or -1. Sets `passed`. */
  protected tail(at: number, k: number): number {
    const html = this.html;
    for (; at < html.length; ) {
      const code = html.charCodeAt(at);
      if (code === GREATER_THAN) {
        this.passed = k;
        return at;
      }
      if (isRegExpSpace(code)) {
        at++;
        continue;
      }
      if (code !== LESS_THAN) return -1;
      while (this.upstream.has(k) && this.upstream.end(k) < at) k++;
      if (!this.upstream.has(k) || this.upstream.start(k) !== at) return -1;
      at = this.upstream.end(k) + 1;
      k++;
    }
    return -1;
  }
}

/**
 * Steps 2 and 3: an element from its start tag to the first end tag of the same name, case aside. When an
 * element has no end tag after it, no later one of that name has either, so the name is dropped: the
 * regular expression would rescan the rest of the page for each.
 */
class ElementRanges extends Stage {
  private readonly opening: RegExp;
  private readonly closing = new Map<string, RegExp>();
  private readonly unclosed = new Set<string>();
  private name = "";

  constructor(
    html: string,
    upstream: RangeSource,
    names: string[],
    private readonly global: boolean,
  ) {
    super(html, upstream);
    this.opening = new RegExp(`<(${names.join("|")})\\b`, "gi");
    for (const name of names) this.closing.set(name, new RegExp(`</${name}`, "gi"));
  }

  protected findCandidate(from: number): number {
    this.opening.lastIndex = from;
    const match = this.opening.exec(this.html);
    if (!match) return -1;
    this.name = match[1]!.toLowerCase();
    return match.index;
  }

  protected matchAt(start: number): number {
    if (!this.global) this.done = true;
    const name = this.name;
    if (this.unclosed.has(name)) return -1;
    let from = start + 1 + name.length;
    let k = 0;
    for (;;) {
      const close = this.find(this.closing.get(name)!, from, k);
      if (close < 0) {
        this.unclosed.add(name);
        return -1;
      }
      k = this.passed;
      const end = this.tail(close + 2 + name.length, k);
      if (end >= 0) {
        this.upstream.take(this.passed);
        return end;
      }
      from = close + 1;
    }
  }
}

/** Step 4: a tag, from "<" to the next ">". With no ">" after a "<", there is none after any later one. */
class TagRanges extends Stage {
  protected findCandidate(from: number): number {
    return this.html.indexOf("<", from);
  }

  protected matchAt(start: number): number {
    const end = this.find(">", start + 1, 0);
    if (end < 0) {
      this.done = true;
      return -1;
    }
    this.upstream.take(this.passed);
    return end;
  }
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

function indexOf(text: string, pattern: string | RegExp, from: number): number {
  if (typeof pattern === "string") return text.indexOf(pattern, from);
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

/** What `\s` matches in a JavaScript regular expression: WhiteSpace and LineTerminator. */
export function isRegExpSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
