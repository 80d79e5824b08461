import { html, type SafeHtml } from "./html.ts";

/**
 * A failed scan's stored `reason` is a chain of technical messages, one per address tried
 * ("https://x/: Could not connect to x (…): ECONNREFUSED.; https://www.x/: www.x does not resolve.").
 * This turns it into what a site owner can act on: the cause in one sentence and a checklist for
 * that cause (a refused connection is not a DNS problem). The messages come from src/net/ and the
 * analyzers' failed records; test/web/failure-explanation.test.ts builds them with that real code,
 * so a change of wording there fails the test instead of silently falling back to "unknown".
 */

export type FailureCause =
  | "dns"
  | "refused"
  | "connect"
  | "tls"
  | "timeout"
  | "blocked"
  | "redirects"
  | "deadline"
  | "http-status"
  | "not-html"
  | "unknown";

export interface FailedAttempt {
  url: string;
  message: string;
  cause: FailureCause;
}

export interface FailureExplanation {
  cause: FailureCause;
  /** One sentence: what went wrong, in plain words. */
  sentence: string;
  /** What to check, for this cause only. */
  checklist: SafeHtml[];
  /** Each address tried and what happened, for the technical details; empty when the reason lists none. */
  attempts: FailedAttempt[];
}

/** Most specific first: "connection refused" is also a failure to connect. */
const CAUSES: readonly [FailureCause, RegExp][] = [
  ["blocked", /resolves to a private or reserved address/],
  ["dns", /does not resolve\b/],
  ["refused", /ECONNREFUSED|ConnectionRefused|connection refused/i],
  ["tls", /TLS connection to .* failed|certificate/i],
  ["timeout", /did not (?:answer|finish sending its response|resolve) within|ETIMEDOUT|timed out/i],
  ["redirects", /redirects in a loop|redirects more than/],
  ["deadline", /The scan (?:stopped before|did not finish within)/],
  ["http-status", /answered HTTP \d{3}/],
  ["not-html", /is not an HTML page/],
  ["connect", /Could not connect|broke while reading|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE/],
];

export function explainFailure(reason: string, domain: string): FailureExplanation {
  const attempts = attemptsOf(reason);
  const cause = primaryCause(attempts, reason);
  const host = hostOf(attempts, cause) ?? domain;
  return { cause, sentence: SENTENCES[cause](host), checklist: CHECKLISTS[cause](domain, host), attempts };
}

export function causeOf(message: string): FailureCause {
  return CAUSES.find(([, pattern]) => pattern.test(message))?.[0] ?? "unknown";
}

/** "(url: message; url: message)" inside the reason, split at each "; " that starts the next address. */
function attemptsOf(reason: string): FailedAttempt[] {
  const open = reason.indexOf("(");
  const close = reason.lastIndexOf(")");
  if (open < 0 || close <= open) return [];
  const attempts: FailedAttempt[] = [];
  for (const part of reason.slice(open + 1, close).split(/;\s+(?=https?:\/\/)/)) {
    const match = /^(https?:\/\/\S*?\/)\s*:\s+([\s\S]+)$/.exec(part.trim());
    if (!match) return [];
    attempts.push({ url: match[1]!, message: match[2]!, cause: causeOf(match[2]!) });
  }
  return attempts;
}

/**
 * The site's own answer matters more than the fallback names tried after it: when the bare domain
 * refused the connection and www. does not exist, the cause is the refusal. A name that does not
 * resolve is the cause only when no address tried got further.
 */
function primaryCause(attempts: readonly FailedAttempt[], reason: string): FailureCause {
  if (attempts.length === 0) return causeOf(reason);
  const reached = attempts.find((attempt) => attempt.cause !== "dns" && attempt.cause !== "unknown");
  return reached?.cause ?? attempts.find((attempt) => attempt.cause !== "unknown")?.cause ?? causeOf(reason);
}

function hostOf(attempts: readonly FailedAttempt[], cause: FailureCause): string | null {
  const attempt = attempts.find((candidate) => candidate.cause === cause);
  if (!attempt) return null;
  try {
    return new URL(attempt.url).hostname;
  } catch {
    return null;
  }
}

const SENTENCES: Record<FailureCause, (host: string) => string> = {
  dns: (host) => `The name ${host} does not resolve in public DNS, so there was no address to connect to.`,
  refused: (host) => `${host} has an address, but the server there refused the connection on the web ports (443 for HTTPS, 80 for HTTP).`,
  connect: (host) => `The connection to ${host} could not be set up or was cut off before the homepage arrived.`,
  tls: (host) => `${host} answered, but its HTTPS certificate or handshake was not accepted, as an AI crawler would not accept it.`,
  timeout: (host) => `${host} did not answer in time.`,
  blocked: (host) => `${host} resolves to a private or reserved address, and scans never reach private networks.`,
  redirects: (host) => `The homepage of ${host} redirects in a loop, or through more hops than crawlers follow.`,
  deadline: () => "The scan took longer than its time limit, so it was stopped.",
  "http-status": (host) => `The page on ${host} answered with an HTTP error, so there was nothing to analyse.`,
  "not-html": (host) => `The address on ${host} is not an HTML page, so there was nothing to analyse.`,
  unknown: () => "The scan could not be completed.",
};

const CHECKLISTS: Record<FailureCause, (domain: string, host: string) => SafeHtml[]> = {
  dns: (domain) => [
    html`The name <code>${domain}</code> is spelled as registered, and the registration has not expired.`,
    html`Its DNS zone has an address record (A or AAAA) for <code>${domain}</code>, or for <code>www.${domain}</code>: check with <code>dig +short ${domain}</code> from outside your network.`,
    html`A record added or changed a moment ago may take up to its TTL to be seen everywhere: scan again later.`,
    html`A name known only inside a company network cannot be scanned from here unless the operator routes it (SCAN_CONNECT_TO).`,
  ],
  refused: (_domain, host) => [
    html`The web server is running, and listens on port 443 (HTTPS) or 80 (HTTP) on the public address: <code>curl -sI https://${host}/</code> from outside your network should answer.`,
    html`The address record of <code>${host}</code> points at the server that runs the site, not at an old or parked one.`,
    html`No firewall, security group or host rule closes ports 443 and 80 to the internet.`,
  ],
  connect: (_domain, host) => [
    html`<code>${host}</code> is reachable from outside your network: <code>curl -sI https://${host}/</code> should answer.`,
    html`No firewall or load balancer drops or resets connections from unknown clients.`,
    html`If the server was restarting or overloaded, scan again in a few minutes.`,
  ],
  tls: (domain, host) => [
    html`The certificate is valid and not expired, and names <code>${host}</code>${host === domain ? html` (and <code>www.${domain}</code> if that is used)` : ""}.`,
    html`The server sends the full chain (the intermediate certificates), not the site certificate alone.`,
    html`TLS 1.2 or newer is enabled. A free certificate from Let's Encrypt covers all of this.`,
  ],
  timeout: (_domain, host) => [
    html`The homepage of <code>${host}</code> answers within a few seconds from outside your network.`,
    html`No bot protection holds unknown clients in a waiting room or challenge: AI crawlers would be held too.`,
    html`If the server was busy, scan again in a few minutes.`,
  ],
  blocked: (domain) => [
    html`Public DNS gives <code>${domain}</code> a public address; a private one (10.x, 192.168.x, 127.x …) is only reachable inside a network.`,
    html`With split-horizon DNS, check the answer public resolvers give: <code>dig +short ${domain} @1.1.1.1</code>.`,
    html`To scan an intranet site, the operator can route its name with SCAN_CONNECT_TO.`,
  ],
  redirects: (_domain, host) => [
    html`Follow the redirects yourself: <code>curl -sIL https://${host}/</code> should end on a 200 page within five hops.`,
    html`The HTTP → HTTPS and bare → www (or back) rules agree, so that they do not send visitors in a circle.`,
    html`No redirect depends on a cookie or a header that crawlers do not send.`,
  ],
  deadline: (domain) => [
    html`The homepage and robots.txt of <code>${domain}</code> answer quickly from outside your network.`,
    html`Scan again: a slow moment on the site or on the scanner can cause this once.`,
  ],
  "http-status": (_domain, host) => [
    html`The page answers 200 to a plain request: <code>curl -sI https://${host}/</code>.`,
    html`No bot protection or geo rule answers unknown clients with an error.`,
  ],
  "not-html": () => [html`Give the address of a web page (Content-Type text/html), not of a file, feed or API.`],
  unknown: (domain) => [
    html`The site <code>https://${domain}/</code> opens in a browser from outside your network.`,
    html`Scan again in a few minutes; if it keeps failing, the technical details below say what happened.`,
  ],
};
