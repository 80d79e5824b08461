import type { Artifacts } from "../../gather/artifacts.ts";
import { isServedTextFile } from "../../derive/served-llms-txt.ts";
import { contentTypeProblem } from "../../derive/text-content-type.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { siteOriginOf } from "../../derive/site-identity.ts";

/** llms-full.txt: the site's key content in one Markdown file, for agents that want it all in one fetch. */
export const llmsFullTxt: AuditRule<"llms-full-txt"> = {
  id: "llms-full-txt",
  title: "An llms-full.txt offers the content in one file",
  impact: "low",
  requires: ["llms-full-txt"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  // Declared as an input: the runner has checked it was gathered.
  const file = artifacts.llmsFullTxt!;
  if (!file.ok) return unknownOutcome(`${file.url} could not be fetched (${file.error.message}).`);
  if ([401, 403, 429].includes(file.status) || file.status >= 500) return unknownOutcome(`${file.url} answered HTTP ${file.status}: the scanner was refused.`);
  // Judged by the body: an HTML page there is no llms-full.txt, a Markdown file mislabelled text/html is one.
  if (isServedTextFile(file)) {
    const size = file.truncated ? "more than 64 KB" : `${Buffer.byteLength(file.text)} bytes`;
    const evidence = [`${file.url}: HTTP 200, ${file.contentType ?? "no Content-Type"}`];
    const wrongType = contentTypeProblem(file.url, file.contentType);
    if (!wrongType) return passed(`${file.url} exists (${size}).`, evidence);
    return {
      status: "warn",
      score: 0.75,
      detail: `${file.url} exists (${size}), but it is ${wrongType.problem}.`,
      evidence,
      fix: { what: "Serve llms-full.txt as text/plain or text/markdown", why: CONTENT_TYPE_WHY, how: wrongType.fix, effort: "S" },
    };
  }
  return {
    status: "warn",
    score: 0.5,
    detail: `${file.url} answered HTTP ${file.status}${file.status === 200 ? (file.text.trim() === "" ? " with an empty body" : " with an HTML page, not a Markdown file") : ""}: there is no llms-full.txt.`,
    evidence: [`${file.url}: HTTP ${file.status}`],
    fix: {
      what: "Publish an llms-full.txt",
      why: "Agents that want the whole picture (documentation, product details, policies) can read it in one request instead of crawling page by page.",
      how: `Generate ${siteOriginOf(artifacts)}/llms-full.txt at build time: the Markdown of the pages listed in llms.txt, one after the other, each under its own H2 with its URL (documentation generators such as Mintlify, Docusaurus and VitePress plugins do this).`,
      effort: "M",
    },
  };
}

const CONTENT_TYPE_WHY = "Agents go by the Content-Type: served as text/html, Markdown is run through an HTML-to-text conversion or skipped as a web page.";
