import { html, type SafeHtml } from "../html.ts";

/** The admin area's navigation: the overview's sections and the two searchable lists. */
export function adminSections(): SafeHtml {
  return html`<nav aria-label="Admin" class="admin-sections"><ul>
<li><a href="/admin#scans">Recent scans</a></li><li><a href="/admin#queue">Queue</a></li><li><a href="/admin#users">Users and keys</a></li><li><a href="/admin#refusals">Rate limits</a></li>
<li><a href="/admin/scans">Search scans</a></li><li><a href="/admin/users">Search accounts</a></li><li><a href="/admin/answers">AI answers</a></li>
</ul></nav>`;
}
