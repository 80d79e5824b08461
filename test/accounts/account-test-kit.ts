/**
 * What the account tests share: the service in process with a fake Turnstile (so that tests need no
 * proof of work: tokens starting with "ok-" pass), a clock the test moves, and form posts made the way
 * a browser makes them (Origin and Sec-Fetch-Site set, cookies carried by hand).
 */
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import type { Log } from "../../src/log.ts";

export const ORIGIN = "http://localhost";
export const GOOD_PASSWORD = "violet staple orbit canyon";

export interface AccountsService extends TestRuntime {
  clock: { now: number };
  /** A same-origin form post, as a browser sends it from one of our pages. */
  post(path: string, fields: Record<string, string>, options?: { cookie?: string; client?: string; headers?: Record<string, string> }): Promise<Response>;
  get(path: string, options?: { cookie?: string; client?: string }): Promise<Response>;
  /** Signs up (challenge passed) and returns the session cookie as `name=value`. */
  signUp(email: string, password?: string, client?: string): Promise<string>;
  close(): Promise<void>;
}

let verifier: ReturnType<typeof Bun.serve> | undefined;

function turnstileFake(): string {
  verifier ??= Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const form = new URLSearchParams(await request.text());
      return Response.json({ success: (form.get("response") ?? "").startsWith("ok-") });
    },
  });
  return `http://127.0.0.1:${verifier.port}/siteverify`;
}

let tokens = 0;
export function challengeToken(): string {
  tokens += 1;
  return `ok-${tokens}`;
}

export async function startAccounts(env: Record<string, string> = {}, options: { log?: Log } = {}): Promise<AccountsService> {
  const clock = { now: Date.UTC(2025, 0, 6, 9, 0, 0) };
  const service = await createTestRuntime(
    {
      CHALLENGE: "turnstile",
      TURNSTILE_SITE_KEY: "test-site-key",
      TURNSTILE_SECRET_KEY: "test-secret",
      TURNSTILE_VERIFY_URL: turnstileFake(),
      ...env,
    },
    { lookup: fakeDns(), runWorker: false, now: () => clock.now, ...(options.log ? { log: options.log } : {}) },
  );
  const headersFor = (cookie?: string, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra };
    if (cookie) headers.cookie = cookie;
    return headers;
  };
  const kit: AccountsService = {
    ...service,
    clock,
    post(path, fields, options = {}) {
      return service.request(
        path,
        {
          method: "POST",
          headers: headersFor(options.cookie, {
            "content-type": "application/x-www-form-urlencoded",
            origin: ORIGIN,
            "sec-fetch-site": "same-origin",
            ...options.headers,
          }),
          body: new URLSearchParams(fields).toString(),
          redirect: "manual",
        },
        options.client,
      );
    },
    get(path, options = {}) {
      return service.request(path, { headers: headersFor(options.cookie) }, options.client);
    },
    async signUp(email, password = GOOD_PASSWORD, client) {
      const response = await kit.post("/account/signup", { email, password, challengeToken: challengeToken() }, { client });
      if (response.status !== 303) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
      return sessionCookieOf(response)!;
    },
  };
  return kit;
}

/** `name=value` of the first Set-Cookie that sets a non-empty value, or null. */
export function sessionCookieOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0]!;
    if (!pair.endsWith("=")) return pair;
  }
  return null;
}

export async function stopTurnstileFake(): Promise<void> {
  const stopping = verifier;
  verifier = undefined;
  await stopping?.stop(true);
}

/**
 * Creates a key as a browser does: the form post answers 303 (Post/Redirect/Get), and the page it
 * redirects to shows the key, once. Returns both answers and the key.
 */
export async function createKeyByForm(
  s: AccountsService,
  cookie: string,
  name: string,
): Promise<{ post: Response; response: Response; page: string; key: string }> {
  const post = await s.post("/account/keys", { name }, { cookie });
  if (post.status !== 303) throw new Error(`creating a key answered ${post.status}: ${await post.text()}`);
  const location = post.headers.get("location")!;
  const response = await s.get(location.replace(/#.*$/, ""), { cookie });
  const page = await response.text();
  const key = /<code id="new-key" data-api-key>([^<]+)<\/code>/.exec(page)?.[1];
  if (!key) throw new Error(`no key in the page after the redirect (${response.status})`);
  return { post, response, page, key };
}
