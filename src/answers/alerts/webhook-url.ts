import type { ConnectToRule } from "../../net/connect-to.ts";
import { FetchError } from "../../net/fetch-types.ts";
import { resolveHost, type Lookup } from "../../net/resolve-host.ts";

/**
 * A webhook URL is the user's: checked when it is set as the scanner checks a site (http or https, no
 * user name or password, every address the name resolves to public; SCAN_CONNECT_TO names are the
 * operator's), so that a refusal is said at once. Delivery checks again through the safe fetcher,
 * since DNS may answer differently by then.
 */
export const WEBHOOK_URL_MAX_CHARS = 2048;

export async function webhookUrlProblem(text: string, options: { connectTo: ConnectToRule[]; lookup?: Lookup }): Promise<string | null> {
  if (text.length > WEBHOOK_URL_MAX_CHARS) return `webhookUrl: at most ${WEBHOOK_URL_MAX_CHARS} characters.`;
  if (!URL.canParse(text)) return "webhookUrl: not a valid URL.";
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") return "webhookUrl: only http and https URLs can receive webhooks.";
  if (url.username !== "" || url.password !== "") return "webhookUrl: a URL with a user name or password is refused (it would be stored and shown); authenticate with the signature.";
  if (url.hash !== "") return "webhookUrl: a URL with a #fragment is refused (it is never sent).";
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  try {
    await resolveHost(url.hostname, port, { connectTo: options.connectTo, url: url.href, ...(options.lookup ? { lookup: options.lookup } : {}) });
    return null;
  } catch (error) {
    if (error instanceof FetchError && error.code === "blocked-address") return `webhookUrl: ${url.hostname} resolves to a private or reserved address; webhooks go to public addresses only.`;
    if (error instanceof FetchError && error.code === "dns") return `webhookUrl: ${url.hostname} does not resolve.`;
    return `webhookUrl: ${error instanceof Error ? error.message : "cannot be reached"}`;
  }
}
