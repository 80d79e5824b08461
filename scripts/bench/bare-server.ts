/** The baseline of the report benchmark: Bun.serve answering the same JSON bytes and nothing else. */
const body = process.env.BODY ?? "{}";
Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT),
  fetch: () => new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } }),
});
