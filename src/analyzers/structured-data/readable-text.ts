/**
 * The text of an element as a reader sees it, shared by both analyzers: the visibility audits (page text,
 * headings, FAQ answers) and the schema generator (answers it suggests). The DOM's textContent glues
 * block and table-cell text together ("DayHours"); this walk separates them.
 */
/** Elements whose text a reader never sees as page content. */
const INVISIBLE = new Set(["HEAD", "SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "OBJECT"]);

export type TreeNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<TreeNode> };

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * The readable text of one element: blocks, table cells and line breaks separate words, so a table row
 * reads "Day Hours", never "DayHours" as the DOM's textContent would glue it.
 */
export function readableText(root: TreeNode): string {
  // A loop with its own stack: hostile pages nest elements tens of thousands deep, past the call stack.
  const parts: string[] = [];
  const pending: (TreeNode | typeof BREAK)[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node === BREAK) {
      parts.push(" ");
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.textContent ?? "");
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE || INVISIBLE.has(node.nodeName.toUpperCase())) continue;
    // Text runs on inside inline elements ("松<b>村</b>" is one word); blocks and line breaks separate it.
    const block = !INLINE.has(node.nodeName.toUpperCase());
    if (block) pending.push(BREAK);
    const children = node.childNodes;
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]!);
    if (block) pending.push(BREAK);
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

const BREAK = Symbol("break");
/** Elements that flow inside a line of text; every other element starts and ends one. */
const INLINE = new Set(["A", "ABBR", "B", "BDI", "BDO", "CITE", "CODE", "DATA", "DFN", "EM", "FONT", "I", "KBD", "MARK", "Q", "RUBY", "RT", "RP", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR", "WBR", "LABEL", "OUTPUT"]);
