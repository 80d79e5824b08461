/**
 * An item's title on the report: the short names of its types ("Product", "BreadcrumbList") rather
 * than the types as written, which Microdata and RDFa give as full IRIs ("https://schema.org/Product").
 * The record keeps the types as written; only the heading is shortened.
 */

/** schema.org's own names for its terms, in every form a page writes them. */
const SCHEMA_ORG = /^(?:https?:\/\/)?(?:www\.)?schema\.org\/|^schema:/i;

/** "Product, https://schema.org/Offer" → "Product, Offer"; no type at all → "(no type)". */
export function itemTitle(writtenTypes: string): string {
  const names = writtenTypes
    .split(/[\s,]+/)
    .filter((type) => type !== "")
    .map(shortTypeName);
  const unique = [...new Set(names)];
  return unique.length > 0 ? unique.join(", ") : "(no type)";
}

/**
 * One type's short name: a schema.org term's local name; for another vocabulary's IRI the part after
 * the last `#` or `/` (what its authors named it); anything else (a bare name, a prefixed name of another
 * vocabulary such as `foaf:Person`) as written, since shortening it would hide whose term it is.
 */
export function shortTypeName(type: string): string {
  if (SCHEMA_ORG.test(type)) return localName(type.replace(SCHEMA_ORG, "")) || type;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(type) || type.startsWith("urn:")) return localName(type) || type;
  return type;
}

/** The part after the last `#`, `/` or (for a URN) `:`, ignoring trailing separators. */
function localName(iri: string): string {
  const trimmed = iri.replace(/[#/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("#"), trimmed.lastIndexOf("/"), trimmed.startsWith("urn:") ? trimmed.lastIndexOf(":") : -1);
  return trimmed.slice(cut + 1);
}
