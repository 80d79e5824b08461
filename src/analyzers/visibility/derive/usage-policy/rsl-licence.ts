import { DomUtils, parseDocument } from "htmlparser2";
import type { TextFileArtifact } from "../../gather/artifacts.ts";
import { SPECS } from "./specs.ts";

/**
 * RSL 1.0 licences (rslstandard.org): where a site points to one, and whether the document it points to
 * is one. Discovery follows the three routes the standard names: a `License:` record in robots.txt, an
 * HTTP `Link: <…>; rel="license"; type="application/rsl+xml"` header, and an HTML
 * `<link rel="license" type="application/rsl+xml" href="…">`. A licence that does not answer, or answers
 * with something that is not RSL XML, misleads the crawlers that look for it.
 */

export type RslRoute = "robots.txt License" | "Link header" | "HTML link";

export interface RslPointer {
  url: string;
  route: RslRoute;
  /** The record, header or tag as written. */
  text: string;
}

const RSL_TYPE = "application/rsl+xml";
const RSL_NAMESPACE = "https://rslstandard.org/rsl";
/** Enough to read the licence's shape; an RSL document is a few KB. */
export const RSL_MAX_BYTES = 256 * 1024;

/** The licence URLs a site publishes, in the order above; relative URLs resolved against `base`. */
export function rslPointers(input: { robotsLicences: { line: number; value: string }[]; linkHeader: string | undefined; html: string; base: string }): RslPointer[] {
  const pointers: RslPointer[] = [];
  const add = (href: string, route: RslRoute, text: string) => {
    const url = URL.canParse(href, input.base) ? new URL(href, input.base) : null;
    if (url && (url.protocol === "https:" || url.protocol === "http:") && !pointers.some((pointer) => pointer.url === url.href)) pointers.push({ url: url.href, route, text: text.slice(0, 300) });
  };
  for (const record of input.robotsLicences) add(record.value, "robots.txt License", `line ${record.line} \`License: ${record.value}\``);
  for (const link of linkHeaderLicences(input.linkHeader)) add(link.href, "Link header", `Link: ${link.text}`);
  for (const link of htmlLicences(input.html)) add(link.href, "HTML link", link.text);
  return pointers;
}

/** `Link` members with rel="license" and the RSL type (RFC 8288 syntax, read leniently). */
function linkHeaderLicences(header: string | undefined): { href: string; text: string }[] {
  if (!header) return [];
  const found: { href: string; text: string }[] = [];
  for (const member of header.slice(0, 8192).split(/,(?=\s*<)/)) {
    const target = /^\s*<([^>]*)>(.*)$/s.exec(member);
    if (!target) continue;
    const params = target[2]!.toLowerCase();
    const rel = /;\s*rel\s*=\s*"?([^";]*)"?/.exec(params)?.[1] ?? "";
    const type = /;\s*type\s*=\s*"?([^";]*)"?/.exec(params)?.[1]?.trim() ?? "";
    if (rel.split(/\s+/).includes("license") && type === RSL_TYPE) found.push({ href: target[1]!.trim(), text: member.trim() });
  }
  return found;
}

/** `<link rel="license" type="application/rsl+xml" href>` in the head, found without a DOM (gather has none). */
function htmlLicences(html: string): { href: string; text: string }[] {
  const found: { href: string; text: string }[] = [];
  for (const tag of html.slice(0, 512 * 1024).match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find((value) => value !== undefined) ?? "";
    if (attr("rel").toLowerCase().split(/\s+/).includes("license") && attr("type").trim().toLowerCase() === RSL_TYPE && attr("href")) found.push({ href: attr("href"), text: tag.slice(0, 300) });
  }
  return found;
}

export type RslValidation =
  | { ok: true; url: string; contents: number; permits: string[]; prohibits: string[] }
  | { ok: false; url: string; problem: string };

/** Whether the licence answers and parses as RSL XML: an `<rsl>` root in RSL's namespace with `<content>` holding a `<license>`. */
export function validateRsl(file: TextFileArtifact): RslValidation {
  if (!file.ok) return { ok: false, url: file.url, problem: `it could not be fetched (${file.error.message})` };
  if (file.status >= 400) return { ok: false, url: file.url, problem: `it answers HTTP ${file.status}` };
  if (file.truncated) return { ok: false, url: file.url, problem: `it is larger than ${RSL_MAX_BYTES / 1024} KiB, which no licence needs` };
  const document = parseDocument(file.text, { xmlMode: true });
  const root = document.children.find(DomUtils.isTag);
  if (!root || localName(root.name) !== "rsl") return { ok: false, url: file.url, problem: `it is not RSL XML (its first element is ${root ? `<${root.name}>` : "missing"}, not <rsl>)` };
  const namespace = Object.entries(root.attribs).find(([name]) => name === "xmlns" || name === `xmlns:${prefixOf(root.name)}`)?.[1];
  if (namespace !== RSL_NAMESPACE) return { ok: false, url: file.url, problem: `its <rsl> element is not in RSL's namespace ${RSL_NAMESPACE} (${namespace ? `found ${namespace}` : "none declared"})` };
  const contents = descendants(root, "content").filter((content) => content.attribs.url !== undefined && descendants(content, "license").length > 0);
  if (contents.length === 0) return { ok: false, url: file.url, problem: "it has no <content url=…> with a <license>, so it licenses nothing" };
  const terms = (name: string) => [...new Set(descendants(root, name).flatMap((element) => textOf(element).split(/[\s,]+/)).filter(Boolean))];
  return { ok: true, url: file.url, contents: contents.length, permits: terms("permits"), prohibits: terms("prohibits") };
}

function localName(name: string): string {
  return name.includes(":") ? name.slice(name.indexOf(":") + 1) : name;
}

function prefixOf(name: string): string {
  return name.includes(":") ? name.slice(0, name.indexOf(":")) : "";
}

type Element = Parameters<typeof DomUtils.getAttributeValue>[0];

function descendants(element: Element, name: string): Element[] {
  return DomUtils.findAll((node) => localName(node.name) === name, element.children);
}

function textOf(element: Element): string {
  return DomUtils.textContent(element);
}

export const RSL_SPEC = SPECS.rsl;
