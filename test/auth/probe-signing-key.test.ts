import { describe, expect, test } from "bun:test";
import { PROBE_SIGNING_KEY_SETTING, resolveProbeSigning } from "../../src/auth/probe-signing-key.ts";
import { openDatabase } from "../../src/store/database.ts";
import { getSetting } from "../../src/store/settings-repo.ts";
import { jwkThumbprint } from "../../src/net/web-bot-auth.ts";

describe("the probe-signing key", () => {
  test("off by default: no key is made or stored", async () => {
    const db = openDatabase(":memory:");
    expect(await resolveProbeSigning(db, { SIGNED_PROBES: "off", PUBLIC_URL: "https://scan.example.com" })).toBeNull();
    expect(await getSetting(db, PROBE_SIGNING_KEY_SETTING)).toBeNull();
  });

  test("on: made once at first start and kept, so a restart signs with the same key", async () => {
    const db = openDatabase(":memory:");
    const config = { SIGNED_PROBES: "on" as const, PUBLIC_URL: "https://scan.example.com/" };
    const first = (await resolveProbeSigning(db, config))!;
    const again = (await resolveProbeSigning(db, config))!;
    expect(again.privateJwk).toEqual(first.privateJwk);
    expect(first).toMatchObject({ signatureAgent: "https://scan.example.com", keyid: await jwkThumbprint(first.privateJwk) });
    expect(first.privateJwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(typeof first.privateJwk.d).toBe("string");
  });

  test("the thumbprint follows RFC 8037's example (appendix A.3)", async () => {
    // RFC 8037 A.3: the thumbprint of its Ed25519 example key.
    expect(await jwkThumbprint({ kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" })).toBe("kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
  });
});
