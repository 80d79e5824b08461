import { html, type SafeHtml } from "./html.ts";

/** "2026-11-22 14:03 UTC (3 hours ago)" in a <time> element; the relative part is computed from `now`. */
export function scanTime(iso: string, now: number): SafeHtml {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return html`${iso}`;
  const absolute = new Date(at).toISOString().slice(0, 16).replace("T", " ") + " UTC";
  return html`<time datetime="${new Date(at).toISOString()}">${absolute}</time> (${relativeTime(now - at)})`;
}

export function relativeTime(ageMs: number): string {
  const seconds = Math.round(ageMs / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 36) return plural(hours, "hour");
  return plural(Math.round(hours / 24), "day");
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}
