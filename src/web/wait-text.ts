import { html, type SafeHtml } from "./html.ts";
import { plural } from "./plural.ts";

/** "1 second", "45 seconds", "1 minute", "46 minutes", "1 hour 5 minutes": a wait, for people, rounded up. */
export function waitText(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 90) return plural(whole, "second");
  const minutes = Math.ceil(whole / 60);
  if (minutes < 90) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}

/**
 * The API's 429 message ends with "Try again in N seconds."; a page shows the limit it states and
 * one countdown instead. The countdown reads as words without JavaScript, and site.js makes it live
 * from data-countdown-seconds (so there is never a static number beside a ticking one).
 */
export function withoutRetrySentence(message: string): string {
  return message.replace(/\s*Try again in \d+ seconds?\.\s*$/, "");
}

export function rateLimitedMessage(error: string, retryAfterSeconds: number): SafeHtml {
  return html`${withoutRetrySentence(error)} You can scan again in <span class="countdown" data-countdown-seconds="${String(retryAfterSeconds)}">${waitText(retryAfterSeconds)}</span>.`;
}
