/**
 * HTML built from tagged templates that escape every interpolated value by default. Scanned sites
 * supply titles, text, URLs and JSON-LD, so they are hostile input: only `SafeHtml` made by `html`
 * (or, rarely and deliberately, `trustedHtml`) is inserted unescaped.
 *
 *   html`<h1>${title}</h1>`                 // title is escaped
 *   html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`   // arrays of SafeHtml are joined
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (character) => ESCAPES[character]!);
}

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return "";
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let index = 0; index < values.length; index++) out += render(values[index]!) + (strings[index + 1] ?? "");
  return new SafeHtml(out);
}

/** Markup that is ours and already safe (an embedded SVG, say). Never pass scanned content. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A URL for an href or src: only http(s), mailto and same-site relative URLs survive; anything else
 * (javascript:, data:, vbscript:, …) becomes "#". The result still goes through escaping.
 */
export function safeUrl(url: string): string {
  // Browsers drop tabs and line breaks anywhere in a URL and read "\" as "/", so "/<tab>/evil.example"
  // and "/\evil.example" are protocol-relative links to another site, not same-site paths.
  const trimmed = url.replace(/[\t\n\r]/g, "").trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^\/(?![/\\])/.test(trimmed) || /^[?#]/.test(trimmed)) return trimmed;
  return "#";
}

/** JSON inside <script type="application/json">: `<` escaped so no value can close the script element. */
export function jsonForScript(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029"));
}
