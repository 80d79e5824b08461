/** The home page's API hint says where a key comes from: it links the sign-up page, which serves. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({});
});
afterAll(() => runtime.close());

test("“Start a scan with an API key” links the sign-up page", async () => {
  const { document } = parseHTML(await (await runtime.request("/")).text());
  const hint = Array.from(document.querySelectorAll("p")).find((paragraph) => paragraph.textContent?.includes("Start a scan with an API key"));
  expect(hint).toBeDefined();
  const links = Array.from(hint!.querySelectorAll("a")).map((link) => link.getAttribute("href"));
  expect(links).toContain("/account/signup");
  expect((await runtime.request("/account/signup")).status).toBe(200);
});
