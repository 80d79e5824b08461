/** The documents each usage signal is read by, cited in evidence and docs/ai-usage-signals.md. */
export const SPECS = {
  robots: "https://www.rfc-editor.org/rfc/rfc9309.html",
  googleRobots: "https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec",
  contentSignals: "https://contentsignals.org/",
  aiprefVocab: "https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/",
  aiprefAttach: "https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/",
  tdmrep: "https://www.w3.org/community/reports/tdmrep/CG-FINAL-tdmrep-20240510/",
  rsl: "https://rslstandard.org/rsl",
  cloudflareManaged: "https://developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/",
  googleSnippets: "https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag",
  bingNoarchive: "https://blogs.bing.com/webmaster/september-2023/Announcing-new-options-for-webmasters-to-control-usage-of-their-content-in-Bing-Chat",
} as const;
