import type { Artifacts } from "../../gather/artifacts.ts";
import { percent } from "../../platforms.ts";
import type { PageVerdict } from "../../site-record-schema.ts";
import { listed, platformReach } from "../../derive/platform-reach.ts";
import { reachLosses, type ReachLoss, siteReadingShare } from "../../derive/site-reach-losses.ts";
import { judgedPages } from "../../derive/site-summary.ts";
import { siteVerdicts } from "../../derive/site-verdicts.ts";
import { type AuditOutcome, type AuditRule, type Fix, notApplicable, passed } from "../audit.ts";
import { counted } from "../wording.ts";
import { inlineCode } from "../fix-code.ts";

/**
 * Reach across the site (issue 29): for each AI platform, the share of the sampled pages behind the
 * homepage it can find and read, by template, judged page by page with the homepage's rules
 * (derive/page-verdict.ts). A template whose pages a platform cannot read at all (empty app shells for
 * agents that run no JavaScript, a robots.txt rule for the template's path, noindex in its markup) is a
 * finding that names the template, the count and example pages. Its score is the audience-weighted share
 * of sampled pages each platform reads; `blocking` caps the grade at B (scoring/gates.ts) when platforms
 * holding a tenth of the audience cannot read most of a template.
 */
export const siteReach: AuditRule<never> = {
  id: "site-reach",
  title: "The AI platforms people use can find and read the pages behind the homepage",
  impact: "critical",
  // The crawl's facts, when there are any: a scan without a crawl is not applicable, not unknown.
  requires: [],
  run,
};

/** The homepage's gates cap at B when the platforms that cannot read it hold a tenth of the audience; the same share of a whole template does here. */
const TEMPLATE_GATE_SHARE = 0.1;
/** Losing a template to a platform at least this large is a failure, not a warning (as ai-platform-reach). */
const FAILING_SHARE = 0.02;
/** Lines of losses the detail states; the rest go to the evidence. */
const MAX_LINES = 6;
/** Templates the fix and the examples name; the pages table has the rest. */
const MAX_TEMPLATES = 10;
/** Finding ids that explain a loss of reach, with what fixes them. */
const REACH_FIXES: Record<string, string> = {
  "app-shell": "render the template's content on the server (server-side rendering or prerendering, e.g. Next.js `getServerSideProps`/static export, Nuxt SSR, Angular Universal): agents that run no JavaScript read only the raw HTML",
  "robots-disallowed": "remove or narrow the robots.txt rule quoted for the template's path for the agents it names (an `Allow:` line for the path in their group also works)",
  noindex: "remove `noindex` from the template's meta robots tag or X-Robots-Tag header, unless these pages should stay out of search and AI answers",
  nosnippet: "remove `nosnippet` (or `max-snippet:0`) from the template, which forbids quoting its pages in answers",
  "agent-directive": "remove the directive addressed to the named agent from the template's meta tags or X-Robots-Tag header",
};
/**
 * Listing pages (tags, categories, authors, pagination, search) are often kept out of indexes on purpose
 * (Google: "use noindex … for pages you don't want in search", developers.google.com/search/docs/crawling-indexing/block-indexing):
 * losing one does not cap the grade, though it is reported and costs its share of the score.
 */
const LISTING_TEMPLATE = /^\/(?:[^/]+\/)*(?:tags?|categor(?:y|ies)|topics?|authors?|page|search|archives?)(?:\/|$)/i;

function run(artifacts: Artifacts): AuditOutcome {
  const site = siteVerdicts(artifacts);
  if (!site) return notApplicable("Only the homepage was scanned: no pages behind it were sampled (an older scan, or a page budget of one).");
  const judged = judgedPages(site.verdicts);
  if (judged.filter((page) => page.template !== "/").length === 0) {
    return notApplicable(`No page behind the homepage could be judged: of ${counted(site.verdicts.length, "sampled page")}, none answered with a readable HTML page.`);
  }
  const evidence = site.summary.reach.map((platform) => `${platform.name}: reads ${platform.pagesRead} of ${platform.pagesJudged} judged pages`);
  // Platforms that cannot read the homepage are ai-platform-reach's finding: one cause, one issue (issue 25).
  const homepageLost = new Set(platformReach(artifacts).platforms.filter((verdict) => verdict.status === "blocked" || verdict.status === "limited").map((verdict) => verdict.platform.id));
  const partial = reachLosses(site.summary, site.verdicts, homepageLost);
  const score = siteReadingShare(judged, homepageLost);
  const templates = counted(new Set(judged.map((page) => page.template)).size, "template");
  if (partial.length === 0) {
    return passed(
      homepageLost.size === 0
        ? `Every AI platform can find and read all ${counted(judged.length, "page")} judged, across ${templates}.`
        : `Every AI platform that can read the homepage can also find and read the ${counted(judged.length, "page")} judged behind it, across ${templates}; the platforms that cannot read the homepage are its own finding.`,
      evidence,
    );
  }
  // Most of a template: a platform that cannot read at least half of its sampled pages has lost it.
  const lost = partial.filter((entry) => entry.read * 2 <= entry.judged);
  const lines = partial.map((entry) => entry.sentence);
  const blocking = lost.some((entry) => entry.template !== "/" && !LISTING_TEMPLATE.test(entry.template) && entry.platforms.reduce((sum, platform) => sum + platform.share, 0) >= TEMPLATE_GATE_SHARE);
  const failing = lost.some((entry) => entry.platforms.some((platform) => platform.share >= FAILING_SHARE));
  return {
    status: failing ? "fail" : "warn",
    score: Math.min(0.99, Math.round(score * 100) / 100),
    detail: `Across the ${counted(judged.length, "page")} judged, the AI platforms read ${percent(score)} of what they could (weighted by their audience). ${lines.slice(0, MAX_LINES).join(" ")}${lines.length > MAX_LINES ? ` And ${counted(lines.length - MAX_LINES, "more loss", "more losses")} in the evidence.` : ""}`,
    evidence: [...evidence, ...lines.slice(MAX_LINES, MAX_LINES + MAX_TEMPLATES), ...examples(site.verdicts, partial)],
    fix: fixFor(site.verdicts, partial),
    ...(blocking ? { blocking: true } : {}),
  };
}

function examples(verdicts: readonly PageVerdict[], partial: readonly ReachLoss[]): string[] {
  const lines: string[] = [];
  for (const template of [...new Set(partial.map((entry) => entry.template))].slice(0, MAX_TEMPLATES)) {
    const pages = verdicts.filter((page) => page.template === template && page.reach.some((entry) => entry.status !== "reads")).slice(0, 3);
    lines.push(`${template}: ${pages.map((page) => page.url).join(", ")}`);
  }
  return lines;
}

function fixFor(verdicts: readonly PageVerdict[], partial: readonly ReachLoss[]): Fix {
  const steps: string[] = [];
  const templates = [...new Set(partial.map((entry) => entry.template))];
  for (const template of templates.slice(0, MAX_TEMPLATES)) {
    const pages = verdicts.filter((page) => page.template === template);
    const ids = new Set(pages.flatMap((page) => page.findings.map((finding) => finding.id)).filter((id) => id in REACH_FIXES));
    const robots = [...new Set(pages.flatMap((page) => page.findings.filter((finding) => finding.id === "robots-disallowed").map((finding) => finding.text)))].slice(0, 2);
    const example = pages.find((page) => page.reach.some((entry) => entry.status !== "reads"))?.url ?? pages[0]?.url ?? "";
    const todo = [...ids].map((id) => (id === "robots-disallowed" && robots.length > 0 ? `${REACH_FIXES[id]} (${robots.join(" ")})` : REACH_FIXES[id]!));
    if (todo.length > 0) steps.push(`- ${inlineCode(template)} (e.g. ${example}): ${todo.join("; ")}.`);
    else steps.push(`- ${inlineCode(template)} (e.g. ${example}): see the page verdicts for what each platform gets.`);
  }
  const appShell = partial.some((entry) => entry.cause?.includes("app shell"));
  return {
    what: `Let every AI platform read ${listed([...new Set(partial.map((entry) => entry.template))].slice(0, 3))}${new Set(partial.map((entry) => entry.template)).size > 3 ? " and the other templates listed" : ""}`,
    why: "Assistants answer from the pages behind the homepage: an article, a product or a doc page a platform cannot read is one it never cites, whatever the homepage says.",
    how: `Fix each template once, in its template or route, not page by page:\n\n${steps.join("\n")}${templates.length > MAX_TEMPLATES ? `\n\n${counted(templates.length - MAX_TEMPLATES, "more template")} in the pages table.` : ""}\n\nThen scan again: the pages table shows each page's reach by platform.`,
    effort: appShell ? "L" : "S",
  };
}
