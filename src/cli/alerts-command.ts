import { smtpMailer } from "../answers/alerts/alert-mailer.ts";
import type { Config } from "../config.ts";
import { EXIT } from "./exit-codes.ts";
import { ALERTS_USAGE } from "./usages.ts";

/**
 * `sightline alerts test-mail --to ADDRESS`: sends one mail through SMTP_URL, as alerts are sent, so that
 * the operator sees the SMTP settings work (or why not) before an alert depends on them.
 */
export async function alertsCommand(args: string[], config: Config, io: { out(text: string): void; err(text: string): void }): Promise<number> {
  const [action, ...rest] = args;
  const to = rest[0] === "--to" ? rest[1] : rest[0]?.startsWith("--to=") ? rest[0].slice(5) : undefined;
  const extra = rest.slice(rest[0] === "--to" ? 2 : 1);
  if (action !== "test-mail" || to === undefined || extra.length > 0 || !/^[^@\s]+@[^@\s]+$/.test(to)) {
    io.err(`sightline alerts: ${action !== "test-mail" ? `unknown action "${action ?? ""}"; the action is "test-mail".` : "give one address: --to ADDRESS."}\n\n${ALERTS_USAGE}\n`);
    return EXIT.usage;
  }
  if (config.SMTP_URL === undefined) {
    io.err("sightline alerts: SMTP_URL is not set: email alerts are off (see docs/answers.md, Alerts).\n");
    return EXIT.usage;
  }
  const outcome = await smtpMailer(config.SMTP_URL, config.SMTP_FROM)({ to, subject: "sightline: test mail", text: "This is a test mail from sightline: alerts of watched domains will come like this one.\n" });
  if (outcome.delivered) {
    io.out(`sent to ${to} from ${config.SMTP_FROM}\n`);
    return EXIT.ok;
  }
  io.err(`sightline alerts: not sent${outcome.status === null ? "" : ` (SMTP ${outcome.status})`}: ${outcome.error}\n`);
  return EXIT.failure;
}
