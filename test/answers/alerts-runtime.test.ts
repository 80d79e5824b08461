/**
 * The alert worker as the server runs it: a test alert set through the API reaches a loopback webhook
 * (signed, through the runtime's safe fetcher and SCAN_CONNECT_TO) and a loopback SMTP sink (SMTP_URL),
 * with nothing but the service's own polling.
 */
import { afterAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { createApiKey } from "../../src/auth/api-key-service.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { createTestRuntime, fakeDns } from "../helpers/test-runtime.ts";

const received: { body: string; signature: string | null }[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    received.push({ body: await request.text(), signature: request.headers.get("x-sightline-signature") });
    return new Response(null, { status: 204 });
  },
});
const sink = await startSmtpSink();
afterAll(async () => {
  await receiver.stop(true);
  await sink.stop();
});

test("a test alert is delivered by the running service to the webhook and by mail", async () => {
  const service = await createTestRuntime(
    { SCAN_CONNECT_TO: `hooks.test:80:127.0.0.1:${receiver.port}`, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_URL: "https://scan.example.org", SEALING_SECRET: "a-sealing-secret-of-at-least-32-characters" },
    { lookup: fakeDns() },
  );
  try {
    const db = service.runtime.db;
    const userId = (await insertUser(db, { email: "owner@example.com", passwordHash: "x", createdAt: Date.now() }))!;
    const key = (await createApiKey(db, { prefix: "aivis", name: "mine", userId, now: Date.now() })).key;
    const call = (path: string, method = "GET", body?: unknown) =>
      service.request(path, { method, headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const watch = await (await call("/api/answers/watches", "POST", { domain: "example.com" })).json();
    const set = await (await call(`/api/answers/watches/${watch.id}/alerts`, "PUT", { webhookUrl: "http://hooks.test/sightline", email: true })).json();
    expect((await call(`/api/answers/watches/${watch.id}/alerts/test`, "POST")).status).toBe(202);
    // The worker polls every 5 s; the deliveries arrive on their own.
    for (let waited = 0; waited < 150 && (received.length === 0 || sink.received.length === 0); waited++) await Bun.sleep(100);
    expect(received.length).toBe(1);
    expect(received[0]!.signature).toBe(`sha256=${createHmac("sha256", set.webhookSecret).update(received[0]!.body).digest("hex")}`);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: "test", watch: { domain: "example.com" }, links: { report: "https://scan.example.org/report/example.com" } });
    expect(sink.received.map((mail) => mail.to)).toEqual([["owner@example.com"]]);
    expect(sink.received[0]!.data).toContain("From: sightline <alerts@scan.example.org>");
    const log = (await (await call(`/api/answers/watches/${watch.id}/alerts`)).json()).deliveries;
    expect(log.map((delivery: { state: string }) => delivery.state)).toEqual(["delivered", "delivered"]);
  } finally {
    await service.close();
  }
}, 30_000);
