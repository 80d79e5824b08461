import { expect, test } from "bun:test";
import { startFixtureSite } from "../helpers/fixture-server.ts";

// The fixture site is shared by every end-to-end test, so its own behaviour is pinned here.
test("a fixture site serves its routes, records requests and builds SCAN_CONNECT_TO entries", async () => {
  const site = await startFixtureSite({ "/robots.txt": "User-agent: *", "/page?x=1": () => new Response("query route") }, { delayMs: 1 });
  try {
    expect(site.url).toBe(`http://127.0.0.1:${site.port}`);
    expect(site.connectTo("good.test")).toBe(`good.test:80:127.0.0.1:${site.port}`);
    expect(site.connectTo("good.test", 8080)).toBe(`good.test:8080:127.0.0.1:${site.port}`);

    const robots = await fetch(`${site.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toBe("User-agent: *");
    expect(await (await fetch(`${site.url}/page?x=1`)).text()).toBe("query route");
    expect((await fetch(`${site.url}/missing`)).status).toBe(404);

    expect(site.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(["GET /robots.txt", "GET /page?x=1", "GET /missing"]);
    expect(site.requests[0]?.headers.host).toBe(`127.0.0.1:${site.port}`);
  } finally {
    await site.stop();
  }
});

test("a TLS fixture site maps port 443 by default", async () => {
  const site = await startFixtureSite(() => new Response("any"), { tls: true });
  try {
    expect(site.url).toBe(`https://127.0.0.1:${site.port}`);
    expect(site.connectTo("secure.test")).toBe(`secure.test:443:127.0.0.1:${site.port}`);
  } finally {
    await site.stop();
  }
});
