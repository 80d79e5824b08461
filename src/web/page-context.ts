import type { ChallengeWidgetConfig } from "./challenge-widget.ts";

/** What every page renderer may need from the running service. */
export interface PageContext {
  /** PUBLIC_URL without a trailing slash: absolute links for Open Graph, badges and llms.txt. */
  publicUrl: string;
  siteName: string;
  challenge: ChallengeWidgetConfig;
  /** Now, in ms: "scanned 3 hours ago" is computed on the server, where the clock is injectable. */
  now: number;
  /** False when OFFSITE_CHECKS=off: pages then neither list nor promise the off-site look-ups. Default true. */
  offsiteChecks?: boolean;
}

export function absoluteUrl(context: Pick<PageContext, "publicUrl">, path: string): string {
  return `${context.publicUrl.replace(/\/+$/, "")}${path}`;
}

/** The path of a domain's report page; domains are normalised ASCII names, but encode anyway. */
export function reportPath(domain: string): string {
  return `/report/${encodeURIComponent(domain)}`;
}

/**
 * The report page of one analysed page of a domain (the schema service): `?url=` names it, the
 * homepage (null) by the domain's root URL.
 */
export function pageReportPath(domain: string, pageUrl: string | null): string {
  return `${reportPath(domain)}?url=${encodeURIComponent(pageUrl ?? `https://${domain}/`)}`;
}

export function reportJsonPath(domain: string): string {
  return `/api/report/${encodeURIComponent(domain)}.json`;
}

export function badgePath(domain: string): string {
  return `/badge/${encodeURIComponent(domain)}.svg`;
}
