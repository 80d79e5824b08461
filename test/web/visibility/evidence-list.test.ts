import { describe, expect, test } from "bun:test";
import { evidenceList } from "../../../src/web/visibility/checks-section.ts";

describe("evidenceList", () => {
  test("plain quotes are code; quotes that mark their code with backticks show no raw backtick", () => {
    expect(evidenceList(["HTTP 200", "line 2 `Disallow: /` (group `User-agent: *`) <b>"]).value).toBe(
      '<ul class="evidence" aria-label="Evidence"><li><code>HTTP 200</code></li><li>line 2 <code>Disallow: /</code> (group <code>User-agent: *</code>) &lt;b&gt;</li></ul>',
    );
    expect(evidenceList([]).value).toBe("");
  });
});
