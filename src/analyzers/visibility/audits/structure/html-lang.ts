import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";

export const htmlLang: AuditRule<"readable-homepage"> = {
  id: "html-lang",
  title: "The page declares its language",
  impact: "low",
  requires: ["readable-homepage"],
  run,
};

/** BCP 47 in the shape pages use: a 2-3 letter language, then optional script/region/variant subtags. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const lang = (homepage.document.documentElement?.getAttribute("lang") ?? "").trim();
  const fix = {
    what: "Declare the page language on <html>",
    why: "The language attribute tells crawlers and assistants which language the content is in, so it is matched to questions asked in that language.",
    how: 'Set it on the root element, e.g. `<html lang="en">` (or `lang="de-CH"`, …), using the BCP 47 tag of the content\'s language.',
    effort: "S" as const,
  };
  if (!lang) return { status: "fail", score: 0, detail: "The <html> element has no lang attribute.", evidence: [], fix };
  if (!LANGUAGE_TAG.test(lang)) {
    return { status: "warn", score: 0.5, detail: `lang="${excerpt(lang, 40)}" is not a valid BCP 47 language tag.`, evidence: [`<html lang="${excerpt(lang, 40)}">`], fix };
  }
  return passed(`The page declares lang="${lang}".`, [`<html lang="${lang}">`]);
}
