import { afterAll, expect, test } from "bun:test";
import { createHmac, timingSafeEqual } from "node:crypto";
import { deliverWebhook, SIGNATURE_HEADER } from "../../src/answers/alerts/webhook-delivery.ts";

const SECRET = "whsec_per-watch-secret-0123456789";
let calls = 0;
const received: unknown[] = [];
// A receiver that verifies the signature as its documentation would tell it to, fails twice, then accepts.
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    const body = await request.text();
    const expected = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
    const given = request.headers.get(SIGNATURE_HEADER) ?? "";
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return new Response("bad signature", { status: 401 });
    calls++;
    if (calls <= 2) return new Response("try later", { status: 503 });
    received.push(JSON.parse(body));
    return new Response(null, { status: 204 });
  },
});
afterAll(() => receiver.stop(true));

const waits: number[] = [];
const options = { fetch: (url: string, init: RequestInit) => fetch(url, init), sleep: async (ms: number) => void waits.push(ms), firstBackoffMs: 1000 };

test("signed, retried with backoff after two failures, accepted on the third, every attempt logged", async () => {
  const payload = { kind: "group-share-dropped", domain: "example.com", group: "buying", from: 1, to: 0.5 };
  const delivery = await deliverWebhook(`http://127.0.0.1:${receiver.port}/hook`, payload, SECRET, options);
  expect(delivery.delivered).toBe(true);
  expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 204]);
  expect(waits).toEqual([1000, 2000]);
  expect(received).toEqual([payload]);
});

test("a wrong secret is refused by the receiver and not retried (4xx); an unreachable receiver is retried, then given up", async () => {
  const refused = await deliverWebhook(`http://127.0.0.1:${receiver.port}/hook`, { x: 1 }, "another-secret", options);
  expect(refused).toMatchObject({ delivered: false, attempts: [{ status: 401 }] });
  const gone = await deliverWebhook("http://127.0.0.1:9/hook", { x: 1 }, SECRET, { ...options, attempts: 3 });
  expect(gone.delivered).toBe(false);
  expect(gone.attempts.map((attempt) => [attempt.status, attempt.error !== null])).toEqual([[null, true], [null, true], [null, true]]);
});
