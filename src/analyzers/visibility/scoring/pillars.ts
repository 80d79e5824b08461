/**
 * The one table of pillar weights. The weights sum to 100, so when every pillar applies a pillar's
 * points are its share of the overall score.
 */
export const PILLARS = [
  { id: "access", title: "Access for AI crawlers", weight: 25 },
  { id: "render", title: "Readable without JavaScript", weight: 15 },
  { id: "discover", title: "Discoverability", weight: 12 },
  { id: "structure", title: "Structured data", weight: 15 },
  { id: "content", title: "Content", weight: 15 },
  { id: "trust", title: "Trust signals", weight: 8 },
  { id: "presence", title: "Off-site presence", weight: 10 },
] as const;

export type PillarId = (typeof PILLARS)[number]["id"];

export const PILLAR_IDS = PILLARS.map((pillar) => pillar.id) as PillarId[];
