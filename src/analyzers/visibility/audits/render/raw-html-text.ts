import { requiredHomepage } from "../audit-inputs.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed } from "../audit.ts";
import type { HtmlDocument } from "../homepage-document.ts";
import { excerpt, visibleText, wordCount } from "../page-text.ts";
import { counted } from "../wording.ts";
import { pageCutNote } from "../page-cut.ts";

/**
 * AI crawlers (GPTBot, ClaudeBot, PerplexityBot, OAI-SearchBot) do not run JavaScript: they read the raw
 * HTML. A client-rendered app shell, an empty mount point plus script bundles, shows them an empty page.
 */

export const rawHtmlText: AuditRule = {
  id: "raw-html-text",
  title: "Content is in the HTML, not only rendered by JavaScript",
  impact: "critical",
  requires: ["readable-homepage"],
  run,
};

/** Below this many words the raw HTML does not carry the page's content. */
export const MIN_WORDS = 50;

/** Mount points of the common client-side frameworks (React, Next.js, Vue, Nuxt, Gatsby, Angular, Svelte). */
const MOUNT_POINTS = ["#root", "#app", "#__next", "#__nuxt", "#___gatsby", "#svelte", "app-root", "[data-reactroot]", "[ng-version]"];
/** Server-side data payloads: their text reached the HTML even if the markup did not. */
const DATA_PAYLOADS = ["script#__NEXT_DATA__", "script#__NUXT_DATA__", 'script[type="application/json"]'];

function run(artifacts: Artifacts): AuditOutcome {
  const outcome = judge(artifacts);
  const cut = pageCutNote(requiredHomepage(artifacts));
  return cut ? { ...outcome, detail: `${outcome.detail} ${cut}` } : outcome;
}

function judge(artifacts: Artifacts): AuditOutcome {
  const homepage = requiredHomepage(artifacts);
  const document = homepage.document;
  const text = visibleText(document);
  const words = wordCount(text);
  const evidence = [`${counted(words, "word")} of visible text in the raw HTML`, ...(text ? [`"${excerpt(text)}"`] : [])];
  if (words >= MIN_WORDS) return passed(`The raw HTML carries ${words} words of visible text: crawlers that do not run JavaScript can read the page.`, evidence);

  const shell = emptyMountPoint(document);
  const bundles = scriptBundles(document);
  const payloadWords = payloadWordCount(document);
  if (shell && bundles > 0 && payloadWords >= MIN_WORDS) {
    return {
      status: "warn",
      score: 0.75,
      detail:
        `The page's markup is rendered by JavaScript (empty \`${shell}\`), but a server-rendered data payload in the HTML carries ${payloadWords} words of text. ` +
        "Crawlers that read the raw HTML see the text only as JSON, without headings or structure.",
      evidence: [...evidence, `empty mount point ${shell}`, counted(bundles, "script bundle"), `${payloadWords} words in the data payload`],
      fix: serverRenderFix(shell, "M"),
    };
  }
  if (shell && bundles > 0) {
    return {
      status: "fail",
      score: 0,
      blocking: true,
      detail:
        `The homepage is an empty app shell: \`${shell}\` is empty and the content is rendered in the browser by ${counted(bundles, "script bundle")}. ` +
        `The raw HTML holds only ${counted(words, "word")}, so AI crawlers, which do not run JavaScript, see an empty page.`,
      evidence: [...evidence, `empty mount point ${shell}`, counted(bundles, "script bundle")],
      fix: serverRenderFix(shell, "L"),
    };
  }
  return {
    status: "warn",
    score: 0.5,
    detail: `The raw HTML holds only ${counted(words, "word")} of visible text; AI assistants have little to read, quote or cite on the homepage.`,
    evidence,
    fix: {
      what: "Put the homepage's key text in the HTML",
      why: "AI crawlers read the HTML as served; a page with almost no text gives them nothing to understand or quote.",
      how: "Add a short server-rendered introduction: what the site offers, for whom, and where, in a heading and a paragraph or two (at least 50 words), rather than only images or script-rendered widgets.",
      effort: "S",
    },
  };
}

function emptyMountPoint(document: HtmlDocument): string | null {
  for (const selector of MOUNT_POINTS) {
    const element = document.querySelector(selector);
    if (element && element.children.length === 0 && (element.textContent ?? "").trim() === "") return selector;
  }
  return null;
}

function scriptBundles(document: HtmlDocument): number {
  return Array.from(document.querySelectorAll("script")).filter((script) => script.hasAttribute("src") || script.getAttribute("type") === "module").length;
}

/** Words in the natural-language strings of JSON data payloads (props, page data). */
function payloadWordCount(document: HtmlDocument): number {
  let words = 0;
  for (const script of Array.from(document.querySelectorAll(DATA_PAYLOADS.join(",")))) {
    try {
      words += proseWords(JSON.parse(script.textContent ?? ""));
    } catch {
      // A payload that is not JSON carries no text we can count.
    }
  }
  return words;
}

function proseWords(value: unknown): number {
  if (typeof value === "string") return /\s/.test(value.trim()) && !/^(https?:|\/)/.test(value) ? wordCount(value) : 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + proseWords(item), 0);
  if (value && typeof value === "object") return Object.values(value).reduce((sum: number, item) => sum + proseWords(item), 0);
  return 0;
}

function serverRenderFix(shell: string, effort: "M" | "L"): Fix {
  return {
    what: "Render the homepage's content on the server",
    why: "AI crawlers read the HTML as served and do not run JavaScript; content that only appears after scripts run is invisible to them.",
    how:
      `Serve the content inside \`${shell}\` as HTML: enable server-side rendering or static pre-rendering in your framework ` +
      "(Next.js getStaticProps / server components, Nuxt SSR, Angular SSR, Vite SSG, or a prerender service for bots), then check with `curl` that the text is in the response.",
    effort,
  };
}
