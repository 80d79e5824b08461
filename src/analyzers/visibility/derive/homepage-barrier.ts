import type { Artifacts } from "../gather/artifacts.ts";
import { readableHomepage } from "./homepage-document.ts";
import { visibleText, wordCount } from "./page-text.ts";
import { rawHtmlRender } from "./raw-html-render.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * What stands between a crawler and the homepage's content once it has fetched it: a login wall (every
 * agent sees only a sign-in form) or an empty JavaScript app shell (agents that do not run JavaScript
 * see nothing). Read from the homepage as the scanner fetched it.
 */
export type HomepageBarrier = { kind: "login-wall"; text: string } | { kind: "app-shell"; text: string } | null;

/** A sign-in page carries little else: more text than this means the form sits beside real content. */
const LOGIN_PAGE_MAX_WORDS = 150;
const LOGIN_PATH = /\/(?:log-?in|sign-?in|auth|account\/login|session\/new|wp-login\.php)\b/i;

export const homepageBarrier: (artifacts: Artifacts) => HomepageBarrier = computed(barrierOf);

function barrierOf(artifacts: Artifacts): HomepageBarrier {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return null;
  const { document, response } = homepage;
  const words = wordCount(visibleText(document));
  const password = document.querySelector('input[type="password"]') !== null;
  const path = new URL(response.finalUrl).pathname;
  if (password && (LOGIN_PATH.test(path) || words < LOGIN_PAGE_MAX_WORDS)) {
    const redirected = response.redirects.length > 0 && LOGIN_PATH.test(path) ? `the homepage redirects to ${response.finalUrl}, ` : "";
    return { kind: "login-wall", text: `${redirected}a sign-in form with ${words} words of text: the homepage is behind a login wall` };
  }
  if (rawHtmlRender(document).emptyShell) return { kind: "app-shell", text: "the homepage is an empty JavaScript app shell" };
  return null;
}
