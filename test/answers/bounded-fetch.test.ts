import { expect, test } from "bun:test";
import { cutUtf8 } from "../../src/answers/answer-limits.ts";
import { boundedFetch, ResponseTooLargeError } from "../../src/answers/bounded-fetch.ts";

test("a body over the cap fails the read, declared or not; one under it passes whole", async () => {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const path = new URL(request.url).pathname;
      if (path === "/declared") return new Response("x".repeat(2000));
      if (path === "/small") return new Response("x".repeat(500));
      return new Response(new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(600)) }));
    },
  });
  try {
    const bounded = boundedFetch(1000);
    const base = `http://127.0.0.1:${server.port}`;
    expect(bounded(`${base}/declared`)).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect((await (await bounded(`${base}/small`)).text()).length).toBe(500);
    const endless = await bounded(`${base}/endless`);
    expect(endless.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  } finally {
    await server.stop(true);
  }
});

test("cutUtf8 never splits a character", () => {
  expect(cutUtf8("héllo", 100)).toEqual({ text: "héllo", cut: false });
  expect(cutUtf8("ééé", 3)).toEqual({ text: "é", cut: true });
  expect(cutUtf8("a😀b", 4)).toEqual({ text: "a", cut: true });
  expect(cutUtf8("a😀b", 5)).toEqual({ text: "a😀", cut: true });
});
