/**
 * The hostile fixture sites of the API-under-load benchmark, in a process of their own: serving them
 * (streaming 64 MiB bodies, inflating nothing but generating bombs and a 2 MB page on every path) is
 * CPU work, and in the benchmark's own process it delayed the event loop of the clients that time the
 * API, so their latency measured the load generator as much as the server.
 *
 * `bun scripts/bench/hostile-sites-process.ts KIND[,KIND…]` prints one JSON line, {"KIND": port, …},
 * once every site listens, and serves until its standard input closes (the parent went away) or it is
 * signalled.
 */
import { startFixtureSite, type FixtureSite } from "../../test/helpers/fixture-server.ts";
import { hostileHandler, type HostileKind } from "./hostile-sites.ts";

const KINDS: readonly HostileKind[] = ["deep-nesting", "gzip-bomb", "brotli-bomb", "huge-body", "slow-drip"];

const asked = (process.argv[2] ?? "").split(",").filter((kind) => kind !== "");
const unknown = asked.filter((kind) => !KINDS.includes(kind as HostileKind));
if (asked.length === 0 || unknown.length > 0) {
  console.error(`usage: hostile-sites-process.ts KIND[,KIND…] (kinds: ${KINDS.join(", ")})${unknown.length > 0 ? `; unknown: ${unknown.join(", ")}` : ""}`);
  process.exit(2);
}

const ports: Record<string, number> = {};
const sites: FixtureSite[] = [];
for (const kind of new Set(asked as HostileKind[])) {
  const site = await startFixtureSite(hostileHandler(kind));
  sites.push(site);
  ports[kind] = site.port;
}
console.log(JSON.stringify(ports));

async function stop(): Promise<never> {
  await Promise.all(sites.map((site) => site.stop()));
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The parent holds our standard input open; when it ends (even by kill -9), so do we.
const stdin = Bun.stdin.stream().getReader();
while (!(await stdin.read()).done) {
  // nothing is sent; reading only notices the end
}
await stop();
