/** Who scan processes run as (src/sandbox/scan-user.ts): SCAN_USER's two forms, the default under root, and each refusal. */
import { expect, test } from "bun:test";
import { scanUserOf, type ScanUserContext } from "../../src/sandbox/scan-user.ts";

const PASSWD = [
  "root:x:0:0:root:/root:/bin/bash",
  "sightline:x:998:998::/var/lib/sightline:/usr/sbin/nologin",
  "sightline-scan:x:997:996::/nonexistent:/usr/sbin/nologin",
  "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin",
  "# a comment line, and a broken one:",
  "broken:x:abc:1::/:/bin/false",
].join("\n");
const SETUID_AND_SETGID = (1n << 7n) | (1n << 6n);
const asRoot: ScanUserContext = { euid: 0, passwd: PASSWD, capabilities: 0x1ffffffffffn };
const asSightline: ScanUserContext = { euid: 998, passwd: PASSWD, capabilities: SETUID_AND_SETGID };

test("a name is looked up in /etc/passwd, with its primary group", () => {
  expect(scanUserOf("sightline-scan", asSightline)).toEqual({ uid: 997, gid: 996, name: "sightline-scan", source: "SCAN_USER" });
});

test("uid:gid needs no entry, and is named after one when there is", () => {
  expect(scanUserOf("4102:4103", asSightline)).toEqual({ uid: 4102, gid: 4103, name: "4102", source: "SCAN_USER" });
  expect(scanUserOf("65534:65534", asSightline)).toEqual({ uid: 65534, gid: 65534, name: "nobody", source: "SCAN_USER" });
});

test("unset: nobody when the server may start processes as another user (root, or CAP_SETUID and CAP_SETGID), else none", () => {
  expect(scanUserOf(undefined, asRoot)).toEqual({ uid: 65534, gid: 65534, name: "nobody", source: "default" });
  expect(scanUserOf(undefined, { ...asRoot, passwd: "" })).toEqual({ uid: 65534, gid: 65534, name: "nobody", source: "default" });
  expect(scanUserOf(undefined, { ...asRoot, passwd: "nobody:x:99:99::/:/sbin/nologin" })).toMatchObject({ uid: 99, gid: 99 });
  expect(scanUserOf(undefined, asSightline)).toEqual({ uid: 65534, gid: 65534, name: "nobody", source: "default" });
  // Without the rights, or when the server is nobody itself: scans run as the server's user.
  expect(scanUserOf(undefined, { ...asSightline, capabilities: 0n })).toBeNull();
  expect(scanUserOf(undefined, { euid: 65534, passwd: PASSWD, capabilities: SETUID_AND_SETGID })).toBeNull();
});

test("root, the server's own user, an unknown name or an id out of range are configuration errors", () => {
  expect(() => scanUserOf("root", asRoot)).toThrow("SCAN_USER: root is root; scans must run as an unprivileged user.");
  expect(() => scanUserOf("0:0", asRoot)).toThrow("is root");
  expect(() => scanUserOf("sightline", asSightline)).toThrow("SCAN_USER: sightline is the server's own user (uid 998); name a second user");
  expect(() => scanUserOf("ghost", asRoot)).toThrow("SCAN_USER: no user ghost in /etc/passwd; create it, or give uid:gid.");
  expect(() => scanUserOf("4294967295:1", asRoot)).toThrow("out of range");
  for (const thrown of [() => scanUserOf("ghost", asRoot)]) {
    try {
      thrown();
    } catch (error) {
      // main.ts reports a ConfigError as "configuration error" with exit code 2.
      expect((error as Error).name).toBe("ConfigError");
    }
  }
});

test("a server that is not root needs CAP_SETUID and CAP_SETGID to start scans as another user, and says how to get them", () => {
  expect(() => scanUserOf("sightline-scan", { ...asSightline, capabilities: 0n })).toThrow("AmbientCapabilities=CAP_SETUID CAP_SETGID");
  expect(() => scanUserOf("sightline-scan", { ...asSightline, capabilities: 1n << 7n })).toThrow("CAP_SETUID and CAP_SETGID");
  expect(scanUserOf("sightline-scan", { ...asRoot, capabilities: 0n })).toMatchObject({ uid: 997 });
});
