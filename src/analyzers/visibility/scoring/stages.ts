import type { Impact } from "../audits/audit.ts";
import type { PillarId } from "./pillars.ts";

/**
 * The order a site owner acts in, beside the weights table (pillars.ts): first what stops AI platforms
 * from finding or reading the site, then what helps them understand and trust it, then presence
 * elsewhere, which takes weeks to months and cannot be done on the site. Top issues are ranked by stage,
 * then by the points they cost, then by effort (top-issues.ts); docs/visibility-audits.md is generated
 * from this table (`bun run docs`).
 */
export interface Stage {
  id: "reach" | "understand" | "presence";
  title: string;
  /** Why it comes where it does, for the generated documentation. */
  why: string;
  /** The pillars whose audits belong here, unless `audits` of another stage names them. */
  pillars: readonly PillarId[];
  /** Audits of other pillars that belong here. */
  audits: readonly string[];
  /** Audits of its pillars that belong to another stage (named there). */
  except: readonly string[];
}

export type StageId = Stage["id"];

export const STAGES: readonly Stage[] = [
  {
    id: "reach",
    title: "Let AI platforms find and read the site",
    why: "access, robots.txt, indexing directives, an error or empty homepage, HTTPS and a page too large to read keep platforms out whatever else the site does well; most take minutes to fix",
    pillars: ["access"],
    audits: ["raw-html-text", "page-size"],
    except: ["response-time"],
  },
  {
    id: "understand",
    title: "Help them understand and trust what they read",
    why: "structured data, discovery files, content, trust signals and a quick first byte change how well platforms use a page they can already read",
    pillars: ["render", "discover", "structure", "content", "trust"],
    audits: ["response-time"],
    except: ["raw-html-text", "page-size"],
  },
  {
    id: "presence",
    title: "Be known elsewhere",
    why: "Wikidata, Wikipedia and Common Crawl are not on the site: an entry takes weeks or months, and for a small business may never be accepted, so they never rank above a fix on the site",
    pillars: ["presence"],
    audits: [],
    except: [],
  },
];

/**
 * The impact badge of a finding in the understanding stage, by the points it costs; what keeps platforms out
 * is critical (a gate, or a platform of some size lost) or high, presence elsewhere low (top-issues.ts).
 */
export const IMPACT_BY_POINTS: readonly { impact: Impact; minPoints: number }[] = [
  { impact: "high", minPoints: 3 },
  { impact: "medium", minPoints: 1 },
  { impact: "low", minPoints: 0 },
];

export function stageOf(audit: { id: string; pillar: PillarId }): Stage {
  return STAGES.find((stage) => stage.audits.includes(audit.id)) ?? STAGES.find((stage) => stage.pillars.includes(audit.pillar) && !stage.except.includes(audit.id))!;
}

export function stageRank(stage: Stage): number {
  return STAGES.indexOf(stage);
}
