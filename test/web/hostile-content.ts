/**
 * Strings that would run script if a page inserted them unescaped: used as a scanned site's title,
 * headings, JSON-LD and links (browser test) and as every text field of a stored record (handler tests).
 */
export const HOSTILE_STRINGS = [
  `<script>alert("xss-script")</script>`,
  `"><img src=x onerror=alert("xss-img")>`,
  `javascript:alert("xss-link")`,
  `</script><script>alert("xss-close")</script>`,
  `'><svg onload=alert("xss-svg")>`,
] as const;

export const HOSTILE_TEXT = HOSTILE_STRINGS.join(" ");
