/**
 * Where a robots.txt cut at the scan's byte cap stops. The fetcher keeps the first bytes only, so the
 * last line is usually a fragment: `Disallow: /private-area` cut to `Disallow: /` would block the whole
 * site. A fragment is not a rule the site wrote, so it is dropped, and the cut is reported.
 */
export interface RobotsCut {
  /** The last complete line that was read (1-based); 0 when not even the first line is complete. */
  lastCompleteLine: number;
  /** Byte offset (UTF-8, as decoded) just past that line: where the ignored rest begins. */
  byteOffset: number;
  /** The partial line that was dropped, or null when the cut fell right after a line break. */
  partialLine: { line: number; text: string } | null;
}

/** The text without its cut-off last line, and where it was cut; the text as is when it was not truncated. */
export function withoutPartialLine(text: string, truncated: boolean): { text: string; cut: RobotsCut | null } {
  if (!truncated) return { text, cut: null };
  const end = lastLineBreakEnd(text);
  const complete = text.slice(0, end);
  const rest = text.slice(end);
  const lastCompleteLine = lineBreaks(complete);
  return {
    text: complete,
    cut: {
      lastCompleteLine,
      byteOffset: Buffer.byteLength(complete, "utf8"),
      partialLine: rest === "" ? null : { line: lastCompleteLine + 1, text: rest },
    },
  };
}

/** "robots.txt was cut at …": the sentence any audit can add when it judged a cut file. */
export function describeCut(url: string, cut: RobotsCut): string {
  return (
    `${url} is larger than the scan reads, so it was cut ${where(cut)}. Rules after that point were not seen; ` +
    "crawlers only have to read the first 500 KiB (RFC 9309 §2.5), and Google reads no more, so they may not see them either."
  );
}

/** Where the cut fell; a cut before the first line ended (a hostile file of one endless line, or of NULs only) reads no rule at all. */
function where(cut: RobotsCut): string {
  if (cut.partialLine) {
    const dropped = `that partial line (\`${shortened(cut.partialLine.text.trim())}\`) was ignored`;
    return cut.lastCompleteLine === 0
      ? `inside its first line; ${dropped}, and no rule was read`
      : `inside line ${cut.partialLine.line} (byte ${cut.byteOffset}); ${dropped}, and rules were read through line ${cut.lastCompleteLine}`;
  }
  return cut.lastCompleteLine === 0 ? "before the end of its first line, and no rule was read" : `after line ${cut.lastCompleteLine} (byte ${cut.byteOffset})`;
}

/** Index just past the last line break (CR, LF or CRLF), or 0 when there is none. */
function lastLineBreakEnd(text: string): number {
  return Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r")) + 1;
}

/** Lines ended in `text`, counting CRLF once, as the line splitter does. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

function shortened(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
