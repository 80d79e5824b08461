import { expect, test } from "bun:test";
import { bodyText } from "../../src/net/fetch-types.ts";

function result(bytes: Uint8Array, contentType = "text/html; charset=utf-8") {
  return { body: bytes, headers: { "content-type": contentType } };
}

test("NUL characters are dropped from text, as HTML's tree builder ignores them in a page's text", () => {
  expect(bodyText(result(new TextEncoder().encode("<p>a\u0000b</p>\u0000")))).toBe("<p>ab</p>");
});

test("a body of zeros (a decompression bomb's usual content) is read as empty text", () => {
  expect(bodyText(result(new Uint8Array(1024 * 1024)))).toBe("");
});

test("text without NUL is returned as decoded, in the declared charset", () => {
  const latin1 = new Uint8Array([0x3c, 0x70, 0x3e, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]);
  expect(bodyText(result(latin1, "text/html; charset=iso-8859-1"))).toBe("<p>é</p>");
  expect(bodyText(result(new TextEncoder().encode("héllo")))).toBe("héllo");
});
