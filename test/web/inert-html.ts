import { parseHTML } from "linkedom";
import { expect } from "bun:test";

/**
 * Asserts that a page can run none of the hostile input it shows: the only scripts are ours (from
 * /assets/) or JSON-LD data, no element has an event-handler attribute, no link or source uses a
 * script URL, and no <img src=x> or <svg onload> was injected.
 */
export function expectInert(page: string): Document {
  const { document } = parseHTML(page);
  for (const script of Array.from(document.querySelectorAll("script"))) {
    const src = script.getAttribute("src");
    const type = script.getAttribute("type");
    if (src !== null) expect(src.startsWith("/assets/")).toBe(true);
    else expect(type).toBe("application/ld+json");
  }
  for (const element of Array.from(document.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes) as Attr[]) {
      expect(attribute.name.toLowerCase().startsWith("on")).toBe(false);
      if (["href", "src", "action", "formaction"].includes(attribute.name)) expect(attribute.value.trim().toLowerCase().startsWith("javascript:")).toBe(false);
    }
  }
  expect(document.querySelectorAll('img[src="x"]').length).toBe(0);
  return document as unknown as Document;
}
