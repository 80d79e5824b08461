import { expect, test } from "bun:test";
import { scrubSecrets } from "../../src/answers/scrub-secrets.ts";

const key = "sk-proj-AbCdEf0123456789GhIjKlMnOpQrStUv";

test("the key, masked quotes of it and anything shaped like a provider key are redacted", () => {
  const scrubbed = scrubSecrets(`Incorrect API key provided: ${key}. You passed sk-proj-********************StUv and AIzaSyAbcdefghijklmnop1234 and pplx-1234567890ab.`, [key]);
  expect(scrubbed).not.toContain(key);
  expect(scrubbed).not.toContain("StUv");
  expect(scrubbed).not.toContain("AIzaSy");
  expect(scrubbed).not.toContain("pplx-1234");
  expect(scrubbed).toContain("Incorrect API key provided: [redacted]");
});

test("a key that is not shaped like a known provider's is still redacted, whole or by its ends", () => {
  const odd = "customKEY-9f8e7d6c5b4a3210";
  expect(scrubSecrets(`bad key ${odd}`, [odd])).toBe("bad key [redacted]");
  expect(scrubSecrets(`bad key customKEY-****3210`, [odd])).toContain("[redacted]");
  expect(scrubSecrets(`bad key ****b4a3210`, [odd])).toBe("bad key [redacted]");
});

test("ordinary messages pass, cut to 300 characters", () => {
  expect(scrubSecrets("The model `gpt-9` does not exist", [key])).toBe("The model `gpt-9` does not exist");
  expect(scrubSecrets("x".repeat(1000), [key]).length).toBe(300);
});
