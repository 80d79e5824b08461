/** A template as the sampler sees it. */
export interface SampleTemplate {
  template: string;
  /** URLs of the template discovered so far (its weight in the sample). */
  size: number;
  /** URLs sightline may fetch and has not sampled yet, in discovery order. */
  candidates: string[];
  /** URLs robots.txt keeps sightline from, not sampled yet. */
  blocked: string[];
  /** Pages of the template already sampled (in an earlier wave of the crawl). */
  sampled: number;
}

/**
 * The next pages to fetch, at most `budget` of them: first one page of every template not yet sampled,
 * largest first (so when there are more templates than budget, the largest are the ones represented),
 * then the rest shared in proportion to the templates' sizes (the D'Hondt method: each page goes to the
 * template with the most URLs per page sampled), each template spread evenly over its URLs. A template
 * robots.txt closes entirely to sightline is sampled once, as a page it was kept from, so the record can
 * say so; it is never given more. The pages come back interleaved by template, so that a budget cut
 * midway leaves the templates represented.
 */
export function samplePages(templates: readonly SampleTemplate[], budget: number): string[] {
  const taken = templates.map(() => 0);
  const blockedPick: (string | null)[] = templates.map(() => null);
  let left = Math.max(0, Math.floor(budget));
  templates.forEach((entry, index) => {
    if (left === 0 || entry.sampled > 0) return;
    if (entry.candidates.length > 0) {
      taken[index] = 1;
      left--;
    } else if (entry.blocked.length > 0) {
      blockedPick[index] = entry.blocked[0]!;
      left--;
    }
  });
  while (left > 0) {
    let best = -1;
    let bestQuotient = -1;
    templates.forEach((entry, index) => {
      if (taken[index]! >= entry.candidates.length) return;
      const quotient = entry.size / (entry.sampled + taken[index]! + 1);
      if (quotient > bestQuotient) {
        best = index;
        bestQuotient = quotient;
      }
    });
    if (best < 0) break;
    taken[best]!++;
    left--;
  }
  const picks = templates.map((entry, index) => {
    const spread = evenly(entry.candidates, taken[index]!);
    const blocked = blockedPick[index];
    return blocked === null ? spread : [blocked, ...spread];
  });
  const total = picks.reduce((sum, list) => sum + list.length, 0);
  const ordered: string[] = [];
  for (let round = 0; ordered.length < total; round++) {
    for (const list of picks) if (round < list.length) ordered.push(list[round]!);
  }
  return ordered;
}

/** `count` items spread evenly over `items`, the first included. */
function evenly(items: readonly string[], count: number): string[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}
