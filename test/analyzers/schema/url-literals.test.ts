import { expect, test } from "bun:test";
import { isUrlText } from "../../../src/analyzers/schema/validate/literal-kinds.ts";

test("URL values: http(s), mailto:, tel: and relative references pass; other schemes do not", () => {
  for (const good of ["https://example.com/a", "http://example.com", "/about", "about/team", "mailto:hi@example.com", "tel:+4930123"]) {
    expect(isUrlText(good)).toBe(true);
  }
  for (const bad of ["javascript:alert(4)", "JavaScript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "vbscript:msgbox", "", "has space"]) {
    expect(isUrlText(bad)).toBe(false);
  }
});
