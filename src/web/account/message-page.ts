import { html, type SafeHtml } from "../html.ts";
import { renderAccountPage } from "./account-layout.ts";

/** A page that only explains something: a refused cross-site post, a disabled admin login, a missing key. */
export function messagePage(options: { title: string; message: string; next?: SafeHtml }): string {
  const body = html`<section class="account-narrow">
<h1>${options.title}</h1>
<div class="notice error" role="alert"><p>${options.message}</p></div>
${options.next ?? ""}
</section>`;
  return renderAccountPage({ title: options.title, body });
}
