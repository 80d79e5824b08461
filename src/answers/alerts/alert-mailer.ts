import { createTransport } from "nodemailer";
import { scrubSecrets } from "../scrub-secrets.ts";
import type { AttemptOutcome } from "./delivery-policy.ts";

/**
 * Alert mail through the operator's SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com or
 * smtp://relay.internal:25), sent with nodemailer. Plain-text only: nothing in an alert needs HTML, and
 * text needs no escaping of what scanned sites supplied. A reply of 4xx (RFC 5321 §4.2.1: transient)
 * or no reply is retried; 5xx is final. The password in the URL never leaves here: errors are scrubbed.
 */
export interface AlertMail {
  to: string;
  subject: string;
  text: string;
}

export type AlertMailer = (mail: AlertMail) => Promise<AttemptOutcome>;

const TIMEOUT_MS = 15_000;

export function smtpMailer(smtpUrl: string, from: string): AlertMailer {
  const transport = createTransport({ url: smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS, logger: false, debug: false });
  const secrets = credentialsOf(smtpUrl);
  return async (mail) => {
    try {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      return { status: 250, error: null, delivered: true, retry: false };
    } catch (caught) {
      const code = (caught as { responseCode?: unknown }).responseCode;
      const status = typeof code === "number" ? code : null;
      const message = scrubSecrets(caught instanceof Error ? caught.message : "failed", secrets);
      return { status, error: message, delivered: false, retry: status === null || status < 500 };
    }
  };
}

/** The URL's user name and password, decoded as nodemailer reads them, for scrubbing. */
function credentialsOf(smtpUrl: string): string[] {
  if (!URL.canParse(smtpUrl)) return [];
  const url = new URL(smtpUrl);
  return [url.password, decodeURIComponent(url.password), url.username, decodeURIComponent(url.username)].filter((part) => part.length >= 4);
}
