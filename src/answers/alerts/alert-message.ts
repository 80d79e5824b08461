import { describeShare } from "../statistics/wilson-interval.ts";
import type { AlertTrigger } from "./alert-triggers.ts";

/**
 * What an alert says: the webhook's JSON body and the mail's subject and text, from the same changes.
 * Each change carries a sentence for people beside its fields for programs, and links go to the
 * domain's report and to the watch's answers page.
 */
export interface AlertPayload {
  event: "alert" | "test";
  watch: { id: number; domain: string };
  at: string;
  changes: (AlertTrigger & { summary: string })[];
  links: { report: string; answers: string };
}

export function alertPayload(event: AlertPayload["event"], watch: { id: number; domain: string }, triggers: readonly AlertTrigger[], publicUrl: string, at: number): AlertPayload {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    event,
    watch,
    at: new Date(at).toISOString(),
    changes: triggers.map((trigger) => ({ ...trigger, summary: summaryOf(trigger, watch.domain) })),
    links: { report: `${base}/report/${watch.domain}`, answers: `${base}/account/answers/${watch.id}` },
  };
}

export function summaryOf(trigger: AlertTrigger, domain: string): string {
  switch (trigger.kind) {
    case "grade-dropped":
      return `The AI visibility grade of ${domain} dropped from ${trigger.from} to ${trigger.to}.`;
    case "platform-lost":
      return `${trigger.platform} ${trigger.from === "reads" ? "could read" : "could partly read"} the homepage of ${domain} and now ${trigger.to === "blocked" ? "cannot" : "can only partly"} read it.`;
    case "template-lost":
      return `${trigger.platform} could read ${trigger.from.read} of ${trigger.from.judged} sampled pages of ${trigger.template} on ${domain} and now reads none of ${trigger.to.judged}${trigger.cause ? `: ${trigger.cause}` : ""}.`;
    case "group-share-dropped":
      return `The citation share of the prompt group "${trigger.group}" fell by more than ${Math.round(trigger.threshold * 100)} points: ${describeShare(trigger.from, "cited")} before, ${describeShare(trigger.to, "cited")} now.`;
  }
}

export function alertMail(payload: AlertPayload): { subject: string; text: string } {
  const { domain } = payload.watch;
  if (payload.event === "test") {
    return { subject: `sightline: test alert for ${domain}`, text: `This is a test of the alerts of your watch of ${domain}. Alerts will come like this one.\n\nReport: ${payload.links.report}\nAI answers: ${payload.links.answers}\n` };
  }
  const count = payload.changes.length;
  const lines = payload.changes.map((change) => `- ${change.summary}`);
  return {
    subject: `sightline: ${domain}: ${count === 1 ? payload.changes[0]!.summary.replace(/\.$/, "") : `${count} changes`}`.slice(0, 200),
    text: `What changed on ${domain} since the last comparison (${payload.at}):\n\n${lines.join("\n")}\n\nReport: ${payload.links.report}\nAI answers: ${payload.links.answers}\n`,
  };
}
