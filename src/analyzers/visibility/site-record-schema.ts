import { type Static, Type } from "@sinclair/typebox";

/**
 * The site-wide part of a visibility scan (issue 29): a verdict per sampled page, served at
 * `GET /api/report/:domain/pages.json`, and the bounded summary the record carries in `result.site`.
 */

const REACH_STATUS = Type.Union([Type.Literal("reads"), Type.Literal("limited"), Type.Literal("blocked"), Type.Literal("unknown")], {
  description: "`reads` (can find and read the page), `limited` (can read it on request but not find it, or the reverse), `blocked`, or `unknown` (not settled without a live probe).",
});

export const PageVerdictSchema = Type.Object(
  {
    url: Type.String({ description: "The URL sampled." }),
    template: Type.String({ description: 'The template it belongs to, by path shape: "/blog/<slug>"; "/" is the homepage.' }),
    source: Type.Union([Type.Literal("homepage"), Type.Literal("sitemap"), Type.Literal("link"), Type.Literal("llms-txt")], { description: "Where the scan found it." }),
    verdict: Type.Union([Type.Literal("sound"), Type.Literal("issues"), Type.Literal("failed"), Type.Literal("skipped")], {
      description: "`sound`, `issues` (see `findings`), `failed` (an error or a status AI platforms cannot use), or `skipped` (not fetched: robots.txt for sightline, or a budget ran out; see `skipped`).",
    }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: "The HTTP status of the final response; null when not fetched." }),
    finalUrl: Type.Union([Type.String(), Type.Null()], { description: "Where its redirects ended; null when not fetched." }),
    redirects: Type.Array(Type.Object({ url: Type.String(), status: Type.Integer() }), { description: "Each hop followed, in order." }),
    skipped: Type.Optional(Type.Union([Type.Literal("robots"), Type.Literal("requests"), Type.Literal("bytes"), Type.Literal("deadline")], { description: "Why it was not fetched, or was cut." })),
    error: Type.Optional(Type.String({ description: "Why it could not be fetched." })),
    canonical: Type.Union([Type.Literal("self"), Type.Literal("other-page"), Type.Literal("other-host"), Type.Literal("missing"), Type.Null()], {
      description: "Where its canonical link points; null when the page was not read.",
    }),
    reach: Type.Array(
      Type.Object({
        platform: Type.String({ description: "The AI platform's id, as in `/api/platforms`." }),
        status: REACH_STATUS,
        cause: Type.Union([Type.String(), Type.Null()], { description: 'Why it cannot, in a sentence: "OAI-SearchBot is disallowed by robots.txt line 14 (Disallow: /docs/)".' }),
      }),
      { description: "Whether each AI platform can find and read this page." },
    ),
    findings: Type.Array(
      Type.Object({
        id: Type.String({ description: 'What is wrong, as a stable id: "app-shell", "noindex", "missing-title", "soft-404" …' }),
        severity: Type.Union([Type.Literal("fail"), Type.Literal("warn")]),
        text: Type.String({ description: "What is wrong, said to the page's owner." }),
      }),
      { description: "What is wrong with the page, worst first; empty when sound." },
    ),
    facts: Type.Union(
      [
        Type.Object({
          title: Type.Union([Type.String(), Type.Null()]),
          description: Type.Union([Type.String(), Type.Null()]),
          h1: Type.Union([Type.String(), Type.Null()]),
          lang: Type.Union([Type.String(), Type.Null()]),
          words: Type.Integer({ minimum: 0, description: "Words readable without JavaScript." }),
          appShell: Type.Boolean(),
          structuredData: Type.Array(Type.String(), { description: "Top-level schema.org types." }),
          structuredDataErrors: Type.Integer({ minimum: 0 }),
          author: Type.Union([Type.String(), Type.Null()]),
          published: Type.Union([Type.String(), Type.Null()]),
          openGraph: Type.Boolean({ description: "og:title and og:image are both present." }),
        }),
        Type.Null(),
      ],
      { description: "What the page shows without JavaScript; null when it was not read as HTML." },
    ),
  },
  { description: "The verdict on one sampled page." },
);

export const SiteSummarySchema = Type.Object(
  {
    pages: Type.Object(
      {
        budget: Type.Integer({ minimum: 1, description: "The page budget the scan ran with." }),
        discovered: Type.Integer({ minimum: 0, description: "Pages found in the sitemaps, links and llms.txt." }),
        sampled: Type.Integer({ minimum: 0, description: "Pages sampled for a verdict, the homepage included." }),
        sound: Type.Integer({ minimum: 0, description: "Sampled pages with verdict `sound`." }),
        withIssues: Type.Integer({ minimum: 0, description: "Sampled pages with verdict `issues`." }),
        failed: Type.Integer({ minimum: 0, description: "Sampled pages with verdict `failed`." }),
        skipped: Type.Integer({ minimum: 0, description: "Sampled pages with verdict `skipped`." }),
      },
      { description: "Counts of pages." },
    ),
    cut: Type.Union([Type.Literal("requests"), Type.Literal("bytes"), Type.Literal("deadline"), Type.Null()], { description: "Why the crawl ended before its sample was read, or null." }),
    templates: Type.Array(
      Type.Object({
        template: Type.String({ description: 'The path shape: "/blog/<slug>"; "/" is the homepage.' }),
        discovered: Type.Integer({ minimum: 0, description: "Pages of this template found." }),
        sampled: Type.Integer({ minimum: 0, description: "Pages of this template sampled." }),
        sound: Type.Integer({ minimum: 0, description: "Sampled pages of this template with verdict `sound`." }),
        issues: Type.Array(
          Type.Object({
            id: Type.String({ description: "The finding's id, as in the page verdicts' `findings`." }),
            pages: Type.Integer({ minimum: 1, description: "Sampled pages of this template with the finding." }),
            examples: Type.Array(Type.String(), { maxItems: 3, description: "Up to 3 of those pages' URLs." }),
          }),
          { maxItems: 10, description: "What is wrong on this template's sampled pages, most pages first." },
        ),
      }),
      { maxItems: 50, description: "Each template, largest first, with its page counts and what is wrong on how many of its sampled pages." },
    ),
    reach: Type.Array(
      Type.Object({
        platform: Type.String({ description: "The AI platform's id." }),
        name: Type.String({ description: "The AI platform's name." }),
        pagesRead: Type.Integer({ minimum: 0, description: "Sampled pages it can find and read." }),
        pagesJudged: Type.Integer({ minimum: 0, description: "Sampled pages that were read by the scan (skipped and failed pages are not judged)." }),
        templates: Type.Array(
          Type.Object({
            template: Type.String({ description: "The template." }),
            read: Type.Integer({ minimum: 0, description: "Its sampled pages the platform can find and read." }),
            judged: Type.Integer({ minimum: 0, description: "Its sampled pages that were read by the scan." }),
            cause: Type.Union([Type.String(), Type.Null()], { description: "Why the platform cannot read some of them, or null." }),
          }),
          { maxItems: 50, description: 'Per template; `cause` says why it cannot read some: "12 of 12 sampled pages are app shells".' },
        ),
      }),
      { description: "Reach by AI platform across the sampled pages." },
    ),
  },
  { description: "The site beyond the homepage: templates, page counts and reach by platform. The verdict on each page is at `/api/report/:domain/pages.json`." },
);

export type PageVerdict = Static<typeof PageVerdictSchema>;
export type SiteSummary = Static<typeof SiteSummarySchema>;
