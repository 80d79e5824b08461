import { html, type SafeHtml } from "../html.ts";
import { fixTextParts } from "./fix-text-parts.ts";
import { proseBlocks } from "./inline-text.ts";
import { codePlacement, type PlacedCodeList } from "./code-placement.ts";

/**
 * A fix's `how` on a page: the explanation as paragraphs with inline code, each code block in a <pre>
 * with a Copy button that copies that block alone (site.js reads the <code> element's text). `idPrefix`
 * keeps the blocks' ids unique on the page; the buttons stay hidden until the script shows them. Each block's
 * head says where it goes, from the fix's placed `code` when given (code-placement.ts).
 */
export function renderFixHow(how: string, idPrefix: string, placed?: PlacedCodeList): SafeHtml {
  let blocks = 0;
  const parts = fixTextParts(how).map((part) => {
    if (part.kind === "prose") return proseBlocks(part.text);
    const id = `${idPrefix}-code-${++blocks}`;
    const language = part.language ? part.language.toLowerCase() : null;
    return html`<div class="copyable code-block">
<div class="code-head"><span class="code-where">${codePlacement(part.code, placed)}</span><span class="code-language">${language ?? "code"}</span><button class="button small secondary copy" type="button" data-copy-target="${id}" hidden>Copy</button></div>
<pre><code id="${id}"${language ? html` class="language-${language.replace(/[^a-z0-9_+-]/g, "")}"` : ""}>${part.code}</code></pre>
</div>`;
  });
  return html`<div class="fix-how">${parts}</div>`;
}
