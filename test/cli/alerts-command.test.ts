import { expect, test } from "bun:test";
import { alertsCommand } from "../../src/cli/alerts-command.ts";
import { loadConfig } from "../../src/config.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) } };
}

test("usage errors and an unset SMTP_URL exit 2; a sent mail 0; a transient refusal 1, without the password", async () => {
  const off = loadConfig({});
  for (const args of [[], ["send"], ["test-mail"], ["test-mail", "--to"], ["test-mail", "--to", "not-an-address"], ["test-mail", "--to", "a@b.test", "extra"]]) {
    const captured = io();
    expect(await alertsCommand(args, off, captured.io)).toBe(2);
    expect(captured.err.join("")).toContain("sightline alerts test-mail --to ADDRESS");
  }
  const unset = io();
  expect(await alertsCommand(["test-mail", "--to", "a@b.test"], off, unset.io)).toBe(2);
  expect(unset.err.join("")).toContain("SMTP_URL is not set");

  const sink = await startSmtpSink();
  try {
    const config = loadConfig({ SMTP_URL: `smtp://u:Pa55-not-shown@127.0.0.1:${sink.port}` });
    const sent = io();
    expect(await alertsCommand(["test-mail", "--to=owner@example.com"], config, sent.io)).toBe(0);
    expect(sent.out.join("")).toContain("sent to owner@example.com from sightline <alerts@localhost>");
    sink.reject.push("451 4.3.0 try later");
    const later = io();
    expect(await alertsCommand(["test-mail", "--to", "owner@example.com"], config, later.io)).toBe(1);
    expect(later.err.join("")).toContain("SMTP 451");
    expect(later.err.join("") + later.out.join("")).not.toContain("Pa55-not-shown");
  } finally {
    await sink.stop();
  }
  // A bad SMTP_URL is reported without its value (it holds the password).
  expect(() => loadConfig({ SMTP_URL: "http://u:Pa55-not-shown@x" })).toThrow(/SMTP_URL: the value given is not valid/);
});
