import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { MIN_WORDS, rawHtmlRender } from "../../derive/raw-html-render.ts";
import { counted } from "../wording.ts";

/**
 * AI crawlers (GPTBot, ClaudeBot, PerplexityBot, OAI-SearchBot) do not run JavaScript: they read the raw
 * HTML. A client-rendered app shell, an empty mount point plus script bundles, shows them an empty page.
 */

export const rawHtmlText: AuditRule<"readable-homepage"> = {
  id: "raw-html-text",
  title: "Content is in the HTML, not only rendered by JavaScript",
  impact: "critical",
  requires: ["readable-homepage"],
  notes: ["homepage-cut"],
  run,
};

function run(_artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const { text, words, shell, bundles, payloadWords, emptyShell } = rawHtmlRender(homepage.document);
  const evidence = [`${counted(words, "word")} of visible text in the raw HTML`, ...(text ? [`"${excerpt(text)}"`] : [])];
  if (words >= MIN_WORDS) return passed(`The raw HTML carries ${words} words of visible text: crawlers that do not run JavaScript can read the page.`, evidence);

  if (shell && bundles > 0 && !emptyShell) {
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
  if (shell && emptyShell) {
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
