import { ALL_CRAWLER_TOKENS, bindsAgent, crawler } from "../../crawlers.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { AI_PLATFORMS, type AiPlatform } from "../../platforms.ts";
import { honouringState } from "../../usage-honouring.ts";
import { readableHomepage } from "../homepage-document.ts";
import { type Directive, directiveEffect, headerDirectives, metaDirectives } from "../indexing-directives.ts";
import { type RobotsGroups, robotsGroups } from "../robots/robots-groups.ts";
import { homepagePath, robotsPolicy, verdictFor } from "../robots/robots-policy.ts";
import { type ManagedBlock, cloudflareManaged } from "./cloudflare-managed.ts";
import { type ContentUsageHeader, contentUsageHeaders } from "./content-usage-headers.ts";
import { preferenceList } from "./preference-list.ts";
import { type RobotsSignal, type SignalVocabulary, licenceRecords, readByAnAiAgent, robotsSignals, signalsFor } from "./robots-signals.ts";
import { type RslPointer, type RslValidation, rslPointers, validateRsl } from "./rsl-licence.ts";
import { SPECS } from "./specs.ts";
import { type TdmDeclaration, type TdmFile, tdmFile, tdmHeader, tdmMeta } from "./tdmrep.ts";
import { computed } from "../../../../lib/computed.ts";

/**
 * The one usage-policy resolver (issue 27): every signal a site uses to tell AI systems what they may
 * do, read once into decisions per AI platform (ai-platforms.json) and purpose, each with the exact line,
 * header or file that decides and the document that defines it. Read by ai-usage-signals (which reports
 * it), robots-ai-training and the platform reach.
 *
 * Purposes: "search" (being in the index answers are built from), "answers" (grounding and retrieval:
 * quoted or summarised in an AI answer), "training", "user-fetch" (read live when a person asks).
 * States: "allowed"; "disallowed" by a rule the platform's agents are documented to obey (robots.txt for
 * crawlers that honour it, a directive they honour); "asked-not" when the site declares a no that the
 * platform is not documented to obey (Content Signals, AIPREF, TDMRep, noai, a robots.txt block on a
 * fetcher that "may not" apply it): the site's request, reported with the state of honouring.
 */

export type UsePurpose = "search" | "answers" | "training" | "user-fetch";
export type UseState = "allowed" | "disallowed" | "asked-not";

export interface UseSource {
  /** "robots.txt", "Content-Signal", "Content-Usage", "Content-Usage header", "TDMRep", "RSL", "meta robots", "X-Robots-Tag". */
  carrier: string;
  /** Where: "robots.txt line 4 (group `User-agent: *`)", "the homepage's headers", "/.well-known/tdmrep.json". */
  where: string;
  /** The line, header or tag as written. */
  text: string;
  /** The document that defines what it means. */
  spec: string;
  /** The vocabulary of a declared preference, for the honouring state. */
  vocabulary?: SignalVocabulary;
}

export interface UseDecision {
  purpose: UsePurpose;
  state: UseState;
  /** What decides; null when nothing says no (allowed by default). */
  source: UseSource | null;
  /** For "asked-not": who honours it ("Cloudflare's crawl endpoint enforces it; OpenAI has not said"). */
  honouring: string | null;
}

export interface PlatformUse {
  platform: AiPlatform;
  decisions: UseDecision[];
}

export interface UsageFinding {
  kind: "contradiction" | "spelling" | "no-ai-reader" | "dead-token" | "rsl" | "tdmrep" | "unknown-value";
  text: string;
  fix: string;
  source: UseSource;
}

export interface UsagePolicy {
  platforms: PlatformUse[];
  /** Every usage signal read, in the order carriers are listed above. */
  declarations: UseSource[];
  findings: UsageFinding[];
  cloudflare: ManagedBlock | null;
  /** Every Content-Usage header seen, the homepage's and the sampled pages', each with its URL and path. */
  headers: ContentUsageHeader[];
  rsl: { pointers: RslPointer[]; validation: RslValidation | null };
  tdm: { file: TdmFile; declarations: TdmDeclaration[] };
}

export const USE_PURPOSES: readonly UsePurpose[] = ["search", "answers", "training", "user-fetch"];
export const PURPOSE_WORDS: Record<UsePurpose, string> = { search: "search index", answers: "answers (grounding)", training: "training", "user-fetch": "user-triggered fetch" };

/** Keys each vocabulary defines, and the purposes they speak for. contentsignals.org; draft-ietf-aipref-vocab (labels `train-ai`, `search`). */
const CONTENT_SIGNAL_KEYS: Record<string, UsePurpose[]> = { search: ["search"], "ai-input": ["answers", "user-fetch"], "ai-train": ["training"], use: [] };
const AIPREF_KEYS: Record<string, UsePurpose[]> = { search: ["search"], "train-ai": ["training"] };
const NO: Record<SignalVocabulary, string> = { "content-signal": "no", aipref: "n" };
const YES: Record<SignalVocabulary, string> = { "content-signal": "yes", aipref: "y" };

export const usagePolicy: (artifacts: Artifacts) => UsagePolicy = computed(resolve);

interface Inputs {
  artifacts: Artifacts;
  path: string;
  parsed: RobotsGroups;
  signals: RobotsSignal[];
  /** The homepage's Content-Usage header: it decides for the homepage, as robots.txt's rules do for its path. */
  headerSignals: UseSource[];
  headers: ContentUsageHeader[];
  directives: Directive[];
  pageSignals: UseSource[];
  tdm: TdmDeclaration[];
  rslProhibitsTraining: UseSource | null;
  /** Elements marked data-nosnippet: Google quotes nothing inside them; the rest of the page stays quotable. */
  noSnippetElements: number;
}

function resolve(artifacts: Artifacts): UsagePolicy {
  const robots = robotsPolicy(artifacts);
  const lines = robots.kind === "rules" ? robots.lines : [];
  const parsed = robotsGroups(lines);
  const path = homepagePath(artifacts);
  const homepage = readableHomepage(artifacts);
  const headers = artifacts.homepage.ok ? artifacts.homepage.headers : {};
  const directives = homepage.ok ? [...metaDirectives(homepage.document), ...headerDirectives(headers["x-robots-tag"])] : [];
  const meta = (name: string) => (homepage.ok ? (homepage.document.querySelector(`meta[name="${name}" i]`)?.getAttribute("content") ?? null) : null);
  const file = tdmFile(artifacts.tdmrep, path);
  const tdm = [tdmHeader(headers), homepage.ok ? tdmMeta(meta) : null, file.kind === "rules" ? file.declaration : null].filter((entry): entry is TdmDeclaration => entry !== null);
  const pointers = rslPointers({ robotsLicences: licenceRecords(parsed), linkHeader: headers.link, html: artifacts.homepage.ok ? artifacts.homepage.html : "", base: artifacts.homepage.ok ? artifacts.homepage.finalUrl : `https://${artifacts.domain}/` });
  const validation = artifacts.rslLicence ? validateRsl(artifacts.rslLicence) : null;
  const headerUses = contentUsageHeaders(artifacts);
  const rslSource = (text: string): UseSource => ({ carrier: "RSL", where: pointers[0] ? `${pointers[0].route} → ${pointers[0].url}` : "the licence", text, spec: SPECS.rsl });
  const inputs: Inputs = {
    artifacts,
    path,
    parsed,
    signals: robotsSignals(parsed),
    headerSignals: headerUses.filter((header) => header.homepage).map((header) => headerSource([header])),
    headers: headerUses,
    directives,
    // One source per tag or header: `noai, noimageai` in one tag is one declaration.
    pageSignals: [...new Map(directives.filter((directive) => directive.directive === "noai" || directive.directive === "noimageai").map((directive) => [directive.source, directive])).values()].map((directive) => ({ carrier: directive.source.startsWith("X-Robots-Tag") ? "X-Robots-Tag" : "meta robots", where: "the homepage", text: directive.source, spec: "no specification: a convention DeviantArt started in 2022; no AI crawler in the catalogue documents honouring it" })),
    tdm,
    noSnippetElements: homepage.ok ? homepage.document.querySelectorAll("[data-nosnippet]").length : 0,
    rslProhibitsTraining: validation?.ok && validation.prohibits.some((term) => term === "ai-train" || term === "train-ai") ? rslSource(`<prohibits>${validation.prohibits.join(" ")}</prohibits>`) : null,
  };
  const cloudflare = robots.kind === "rules" ? cloudflareManaged(lines, new URL(robots.url).origin) : null;
  return {
    platforms: AI_PLATFORMS.map((platform) => ({ platform, decisions: USE_PURPOSES.map((purpose) => decide(inputs, platform, purpose)) })),
    declarations: declarations(inputs),
    findings: findings(inputs, file, pointers, validation),
    cloudflare,
    headers: headerUses,
    rsl: { pointers, validation },
    tdm: { file, declarations: tdm },
  };
}

function agentsFor(platform: AiPlatform, purpose: UsePurpose): string[] {
  if (purpose === "training") return platform.training;
  if (purpose === "user-fetch") return platform.fetchers;
  return platform.index;
}

function decide(inputs: Inputs, platform: AiPlatform, purpose: UsePurpose): UseDecision {
  const agents = agentsFor(platform, purpose);
  const robotsDecision = robotsFor(inputs, platform, agents);
  if (robotsDecision && robotsDecision.state === "disallowed") return { purpose, ...robotsDecision };
  const directive = purpose === "answers" || purpose === "search" ? directiveFor(inputs, agents, purpose) : null;
  if (directive) return { purpose, state: "disallowed", source: directive, honouring: null };
  const declared = declaredNo(inputs, platform, agents, purpose);
  if (declared) return { purpose, state: "asked-not", source: declared, honouring: honouringState(platform.id, declared.vocabulary ?? "content-signal") };
  if (robotsDecision) return { purpose, ...robotsDecision };
  return { purpose, state: "allowed", source: null, honouring: null };
}

/** robots.txt for the purpose's agents: disallowed when none may fetch and one is bound by it; a request when none is bound. */
function robotsFor(inputs: Inputs, platform: AiPlatform, agents: string[]): Omit<UseDecision, "purpose"> | null {
  const robots = robotsPolicy(inputs.artifacts);
  if (robots.kind !== "rules" || agents.length === 0) return null;
  const verdicts = agents.map((token) => verdictFor(robots, token, inputs.path));
  if (verdicts.some((verdict) => verdict.allowed)) return null;
  const rule = verdicts[0]!.rule;
  const source: UseSource = {
    carrier: "robots.txt",
    where: rule ? `robots.txt line ${rule.line} (group \`${rule.group}\`)` : "robots.txt",
    text: rule?.text ?? "",
    spec: SPECS.robots,
  };
  const bound = agents.some((token) => bindsAgent(crawler(token)));
  if (bound) return { state: "disallowed", source, honouring: null };
  return { state: "asked-not", source, honouring: agents.map((token) => crawler(token).robotsTxt.words).join(" ") };
}

/** nosnippet / max-snippet:0 / noarchive (Bing's chat answers) / noindex that the purpose's agents honour. */
function directiveFor(inputs: Inputs, agents: string[], purpose: UsePurpose): UseSource | null {
  for (const directive of inputs.directives) {
    const effect = directiveEffect(directive.directive);
    if (!effect || (purpose === "search" && effect !== "noindex")) continue;
    const honoured = agents.some((token) => (directive.scope === "all" || directive.scope === token.toLowerCase()) && crawler(token).honours.includes(effect));
    if (!honoured) continue;
    const spec = effect === "noarchive" ? SPECS.bingNoarchive : SPECS.googleSnippets;
    return { carrier: directive.source.startsWith("X-Robots-Tag") ? "X-Robots-Tag" : "meta robots", where: "the homepage", text: directive.source, spec };
  }
  return null;
}

/** The first declared no that speaks for this purpose and reaches these agents. */
function declaredNo(inputs: Inputs, platform: AiPlatform, agents: string[], purpose: UsePurpose): UseSource | null {
  for (const token of agents) {
    for (const signal of signalsFor(inputs.signals, inputs.parsed.groups, token)) {
      if (signal.path !== null && !inputs.path.startsWith(signal.path)) continue;
      const keys = signal.vocabulary === "aipref" ? AIPREF_KEYS : CONTENT_SIGNAL_KEYS;
      const no = signal.preferences.find((preference) => keys[preference.key]?.includes(purpose) && preference.value === NO[signal.vocabulary]);
      if (no) return robotsSource(signal);
    }
  }
  for (const header of inputs.headerSignals) {
    const no = preferenceList(header.text.slice("Content-Usage:".length)).find((preference) => AIPREF_KEYS[preference.key]?.includes(purpose) && preference.value === "n");
    if (no) return header;
  }
  if (purpose !== "training") return null;
  // Training-only carriers: TDMRep, noai, RSL. They speak for every platform alike.
  const reserved = inputs.tdm.find((declaration) => declaration.reserved);
  if (reserved) return { carrier: "TDMRep", where: reserved.carrier === "tdmrep.json" ? "/.well-known/tdmrep.json" : `the homepage (${reserved.carrier})`, text: reserved.text, spec: SPECS.tdmrep };
  if (inputs.pageSignals[0]) return inputs.pageSignals[0];
  if (inputs.rslProhibitsTraining) return inputs.rslProhibitsTraining;
  // Amazon documents noarchive as "do not use for model training".
  if (platform.id === "amazon") {
    const noarchive = inputs.directives.find((directive) => directive.scope === "all" && directive.directive === "noarchive");
    if (noarchive) return { carrier: "meta robots", where: "the homepage", text: noarchive.source, spec: crawler("Amazonbot").docs };
  }
  return null;
}

function robotsSource(signal: RobotsSignal): UseSource {
  return {
    carrier: signal.vocabulary === "aipref" ? "Content-Usage" : "Content-Signal",
    where: `robots.txt line ${signal.line}${signal.group ? ` (group \`${signal.group}\`)` : " (outside any group)"}`,
    text: signal.text,
    spec: signal.vocabulary === "aipref" ? SPECS.aiprefAttach : SPECS.contentSignals,
    vocabulary: signal.vocabulary,
  };
}

function declarations(inputs: Inputs): UseSource[] {
  const tdm = inputs.tdm.map((declaration): UseSource => ({ carrier: "TDMRep", where: declaration.carrier, text: declaration.text, spec: SPECS.tdmrep }));
  const partial: UseSource[] =
    inputs.noSnippetElements > 0
      ? [{ carrier: "data-nosnippet", where: "the homepage", text: `data-nosnippet on ${inputs.noSnippetElements} ${inputs.noSnippetElements === 1 ? "element" : "elements"} (kept out of Google's snippets and AI answers; the rest stays quotable)`, spec: SPECS.googleSnippets }]
      : [];
  const pageHeaders = headerGroups(inputs.headers.filter((header) => !header.homepage)).map(headerSource);
  return [...inputs.signals.map(robotsSource), ...inputs.headerSignals, ...pageHeaders, ...tdm, ...inputs.pageSignals, ...partial];
}

function findings(inputs: Inputs, file: TdmFile, pointers: RslPointer[], validation: RslValidation | null): UsageFinding[] {
  const found: UsageFinding[] = [];
  const robots = robotsPolicy(inputs.artifacts);
  for (const signal of inputs.signals) {
    const source = robotsSource(signal);
    found.push(...spellingTraps(signal, source));
    if (!readByAnAiAgent(signal)) {
      found.push({
        kind: "no-ai-reader",
        text: `${source.where} \`${signal.text}\` sits ${signal.group ? `in a group no AI agent reads (${signal.group})` : "before the first User-agent line, in no group"}, so no AI crawler applies it.`,
        fix: "Move the line into the `User-agent: *` group (or the group of the AI agents it is meant for).",
        source,
      });
    }
  }
  for (const group of headerGroups(inputs.headers)) found.push(...spellingTraps({ vocabulary: "aipref", text: `Content-Usage: ${group[0]!.value}`, preferences: group[0]!.preferences }, headerSource(group)));
  found.push(...headerContradictions(inputs));
  if (robots.kind === "rules") {
    found.push(...allowedButDeclaredNo(inputs, "training", ["ai-train", "train-ai"], "GPTBot"));
    found.push(...allowedButDeclaredNo(inputs, "search", ["search"], "OAI-SearchBot"));
    for (const group of inputs.parsed.groups) {
      for (const agentLine of group.agentLines) {
        for (const agent of agentLine.agents) {
          const entry = ALL_CRAWLER_TOKENS.find((candidate) => candidate.token.toLowerCase() === agent.toLowerCase());
          if (!entry || entry.status === "active") continue;
          found.push({
            kind: "dead-token",
            text: `robots.txt line ${agentLine.line} \`User-agent: ${agentLine.value}\` names ${entry.token}, ${entry.status === "legacy" ? "a retired token" : "a token no crawler uses"}: ${entry.note ?? ""}`.trim(),
            fix: entry.note ?? "Name the agents in use today.",
            source: { carrier: "robots.txt", where: `robots.txt line ${agentLine.line}`, text: `User-agent: ${agentLine.value}`, spec: entry.docs },
          });
        }
      }
    }
  }
  if (pointers.length > 0 && validation && !validation.ok) {
    found.push({
      kind: "rsl",
      text: `The RSL licence the site points to (${pointers[0]!.route}: ${pointers[0]!.url}) does not hold: ${validation.problem}.`,
      fix: "Serve the licence at that address as RSL 1.0 XML (an <rsl xmlns=\"https://rslstandard.org/rsl\"> root with <content url=…><license>…</license></content>), or remove the pointer.",
      source: { carrier: "RSL", where: pointers[0]!.route, text: pointers[0]!.text, spec: SPECS.rsl },
    });
  }
  if (file.kind === "invalid") {
    found.push({ kind: "tdmrep", text: `${file.url} is not a TDMRep file: ${file.problem}.`, fix: "Serve a JSON array of rules, e.g. [{\"location\": \"/*\", \"tdm-reservation\": 1}], or remove the file.", source: { carrier: "TDMRep", where: file.url, text: "", spec: SPECS.tdmrep } });
  }
  const reservations = new Set(inputs.tdm.map((declaration) => declaration.reserved));
  if (reservations.size > 1) {
    found.push({
      kind: "contradiction",
      text: `TDMRep declarations disagree: ${inputs.tdm.map((declaration) => `${declaration.carrier} \`${declaration.text}\``).join(" against ")}.`,
      fix: "Give tdm-reservation the same value in the header, the meta tag and /.well-known/tdmrep.json.",
      source: { carrier: "TDMRep", where: inputs.tdm.map((declaration) => declaration.carrier).join(", "), text: inputs.tdm[0]!.text, spec: SPECS.tdmrep },
    });
  }
  return found;
}

/** `Content-Usage: ai-train=no` (a Content Signals key in an AIPREF line) means nothing, and the reverse too. */
function spellingTraps(signal: Pick<RobotsSignal, "vocabulary" | "text" | "preferences">, source: UseSource): UsageFinding[] {
  const traps: UsageFinding[] = [];
  const own = signal.vocabulary === "aipref" ? AIPREF_KEYS : CONTENT_SIGNAL_KEYS;
  const other = signal.vocabulary === "aipref" ? CONTENT_SIGNAL_KEYS : AIPREF_KEYS;
  for (const preference of signal.preferences) {
    if (!(preference.key in own) && preference.key in other) {
      const meant = signal.vocabulary === "aipref" ? (preference.key === "ai-train" ? "`Content-Usage: train-ai=n`" : `\`Content-Signal: ${preference.raw}\``) : preference.key === "train-ai" ? "`Content-Signal: ai-train=no`" : `\`Content-Usage: ${preference.raw}\``;
      traps.push({
        kind: "spelling",
        text: `${source.where} \`${signal.text}\` uses ${signal.vocabulary === "aipref" ? "a Content Signals key in an AIPREF Content-Usage line" : "an AIPREF label in a Content-Signal line"} (\`${preference.raw}\`): no one reads it, so it declares nothing. Content Signals write ai-train=no; AIPREF writes train-ai=n.`,
        fix: `Write ${meant} instead.`,
        source,
      });
    } else if (preference.key in own && preference.key !== "use" && preference.value !== YES[signal.vocabulary] && preference.value !== NO[signal.vocabulary]) {
      traps.push({
        kind: "unknown-value",
        text: `${source.where} \`${signal.text}\`: \`${preference.raw}\` is not a value ${signal.vocabulary === "aipref" ? "AIPREF" : "Content Signals"} defines (${YES[signal.vocabulary]} or ${NO[signal.vocabulary]}), so it declares nothing.`,
        fix: `Write ${preference.key}=${NO[signal.vocabulary]} or ${preference.key}=${YES[signal.vocabulary]}.`,
        source,
      });
    }
  }
  return traps;
}

/** robots.txt lets the agents in while a signal in the group they read says no: they are documented to obey robots.txt, not the signal. */
function allowedButDeclaredNo(inputs: Inputs, purpose: "training" | "search", keys: string[], example: string): UsageFinding[] {
  const robots = robotsPolicy(inputs.artifacts);
  if (robots.kind !== "rules") return [];
  const tokens = [...new Set(AI_PLATFORMS.flatMap((platform) => (purpose === "training" ? platform.training : platform.index)))];
  const bySignal = new Map<number, { signal: RobotsSignal; tokens: string[] }>();
  for (const token of tokens) {
    // Only agents whose vendors say they obey robots.txt: a token whose robots.txt rule is unverified proves no contradiction.
    if (crawler(token).robotsTxt.rule !== "honours" || !verdictFor(robots, token, inputs.path).allowed) continue;
    for (const signal of signalsFor(inputs.signals, inputs.parsed.groups, token)) {
      if (!signal.preferences.some((preference) => keys.includes(preference.key) && preference.value === NO[signal.vocabulary])) continue;
      const entry = bySignal.get(signal.line) ?? { signal, tokens: [] };
      entry.tokens.push(token);
      bySignal.set(signal.line, entry);
    }
  }
  return [...bySignal.values()].map(({ signal, tokens: allowed }) => {
    const source = robotsSource(signal);
    const shown = allowed.includes(example) ? example : allowed[0]!;
    return {
      kind: "contradiction" as const,
      text:
        `robots.txt lets ${allowed.join(", ")} in, while ${source.where} \`${signal.text}\` asks that the content not be used for ${purpose === "training" ? "training" : "search"}. ` +
        `${allowed.length === 1 ? "This crawler is" : "These crawlers are"} documented to obey robots.txt, not ${signal.vocabulary === "aipref" ? "AIPREF" : "Content Signals"}, so the two say different things.`,
      fix:
        purpose === "training"
          ? `If training is not allowed, disallow the training crawlers in robots.txt too (e.g. \`User-agent: ${shown}\` / \`Disallow: /\`); if it is, remove the no.`
          : `If the site means to be in search, remove the no (search=${signal.vocabulary === "aipref" ? "y" : "yes"}); if not, disallow the search crawlers in robots.txt, which they obey.`,
      source,
    };
  });
}

/** Headers with the same value, in the order first seen: one declaration (and one finding) per value, however many pages send it. */
function headerGroups(headers: ContentUsageHeader[]): ContentUsageHeader[][] {
  const groups = new Map<string, ContentUsageHeader[]>();
  for (const header of headers) groups.set(header.value, [...(groups.get(header.value) ?? []), header]);
  return [...groups.values()];
}

/** Where a header (or the same header on several pages) was sent, naming at most three URLs. */
function headerSource(group: ContentUsageHeader[]): UseSource {
  const first = group[0]!;
  const where =
    group.length === 1
      ? first.homepage ? "the homepage's headers" : `the headers of ${first.url}`
      : `the headers of ${group.length} pages (${group.slice(0, 3).map((header) => header.url).join(", ")}${group.length > 3 ? ", …" : ""})`;
  return { carrier: "Content-Usage header", where, text: `Content-Usage: ${first.value}`, spec: SPECS.aiprefAttach, vocabulary: "aipref" };
}

const HEADER_PURPOSES: { purpose: "training" | "search"; key: string; example: string }[] = [
  { purpose: "training", key: "train-ai", example: "GPTBot" },
  { purpose: "search", key: "search", example: "OAI-SearchBot" },
];

/**
 * What a page's Content-Usage header says against robots.txt for that page's path:
 * - `train-ai=n` (or `search=n`) while robots.txt lets in crawlers documented to obey robots.txt, not AIPREF;
 * - `train-ai=y` (or `search=y`) under a robots.txt record that says no for the path: AIPREF combines
 *   preferences with a no winning over a yes (draft-ietf-aipref-vocab, combining preferences), so the
 *   page's yes allows nothing.
 * A page that says otherwise than the homepage's header is no contradiction: each header speaks for its own page.
 */
function headerContradictions(inputs: Inputs): UsageFinding[] {
  const robots = robotsPolicy(inputs.artifacts);
  if (robots.kind !== "rules") return [];
  const found: UsageFinding[] = [];
  for (const { purpose, key, example } of HEADER_PURPOSES) {
    const tokens = [...new Set(AI_PLATFORMS.flatMap((platform) => (purpose === "training" ? platform.training : platform.index)))].filter((token) => crawler(token).robotsTxt.rule === "honours");
    const saying = (value: string) => inputs.headers.filter((header) => header.preferences.some((preference) => preference.key === key && preference.value === value));
    for (const group of headerGroups(saying("n"))) {
      const allowed = tokens.filter((token) => group.some((header) => verdictFor(robots, token, header.path).allowed));
      if (allowed.length === 0) continue;
      const source = headerSource(group);
      const shown = allowed.includes(example) ? example : allowed[0]!;
      found.push({
        kind: "contradiction",
        text: `robots.txt lets ${allowed.join(", ")} in, while ${source.where} \`${source.text}\` asks that the content not be used for ${purpose}. ${allowed.length === 1 ? "This crawler is" : "These crawlers are"} documented to obey robots.txt, not AIPREF, so the two say different things.`,
        fix:
          purpose === "training"
            ? `If training is not allowed, disallow the training crawlers in robots.txt too (e.g. \`User-agent: ${shown}\` / \`Disallow: /\`); if it is, remove the no.`
            : "If the pages mean to be in search, remove the no (search=y); if not, disallow the search crawlers in robots.txt, which they obey.",
        source,
      });
    }
    for (const group of headerGroups(saying("y"))) {
      const overruled = group.flatMap((header) => {
        const no = inputs.signals.find((signal) => readByAnAiAgent(signal) && (signal.path === null || header.path.startsWith(signal.path)) && signal.preferences.some((preference) => (signal.vocabulary === "aipref" ? AIPREF_KEYS : CONTENT_SIGNAL_KEYS)[preference.key]?.includes(purpose) && preference.value === NO[signal.vocabulary]));
        return no ? [{ header, no }] : [];
      });
      if (overruled.length === 0) continue;
      const no = robotsSource(overruled[0]!.no);
      const source = headerSource(overruled.map((entry) => entry.header));
      found.push({
        kind: "contradiction",
        text: `${source.where} \`${source.text}\` says ${key}=y, while ${no.where} \`${no.text}\` says no for ${purpose} on ${overruled.length === 1 ? "that path" : "those paths"}. ${no.vocabulary === "aipref" ? "A no wins over a yes when preferences are combined, so the page's yes allows nothing." : "Content Signals and AIPREF are read by different crawlers, so the two say different things."}`,
        fix: `If ${overruled.length === 1 ? "this page is" : "these pages are"} meant to allow ${purpose}, narrow the robots.txt record with a path (\`Content-Usage: /path/ ${key}=n\`); if not, remove ${key}=y from the header.`,
        source,
      });
    }
  }
  return found;
}
