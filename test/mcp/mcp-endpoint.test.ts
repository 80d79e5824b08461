/**
 * POST /mcp at the HTTP and JSON-RPC level, in process: every malformed request gets a JSON-RPC error
 * (or the HTTP status the transport specification names), and the endpoint keeps answering after each.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { MAX_MCP_BODY_BYTES } from "../../src/mcp/handle-mcp-request.ts";

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
let service: TestRuntime;

beforeAll(async () => {
  service = await createTestRuntime({}, { runWorker: false });
});
afterAll(() => service.close());

const post = (body: BodyInit | null, headers: Record<string, string> = MCP_HEADERS) => service.request("/mcp", { method: "POST", headers, body });

/** The JSON-RPC messages of an answer, whether sent as JSON or as a server-sent event stream. */
async function messagesOf(response: Response): Promise<Array<Record<string, any>>> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return [JSON.parse(text)];
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)));
}

async function expectJsonRpcError(response: Response, status: number, code: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toStartWith("application/json");
  const body = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(body.jsonrpc).toBe("2.0");
  expect(body.id).toBeNull();
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

async function expectStillServing() {
  const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 99, method: "ping" }));
  expect(response.status).toBe(200);
  expect(await messagesOf(response)).toEqual([{ jsonrpc: "2.0", id: 99, result: {} }]);
}

describe("POST /mcp refuses malformed requests with JSON-RPC errors", () => {
  test("a body that is not JSON is a parse error (-32700)", async () => {
    await expectJsonRpcError(await post('{"jsonrpc":"2.0","id":1,"method":'), 400, -32700);
    await expectJsonRpcError(await post("not json at all"), 400, -32700);
    await expectJsonRpcError(await post(""), 400, -32700);
    await expectStillServing();
  });

  test("JSON that is not JSON-RPC 2.0 is an invalid request (-32600)", async () => {
    const shapes: unknown[] = [
      42,
      "tools/list",
      null,
      {},
      { id: 1, method: "tools/list" },
      { jsonrpc: "1.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: 1, method: 7 },
      { jsonrpc: "2.0", id: { nested: true }, method: "tools/list" },
    ];
    for (const shape of shapes) {
      const message = await expectJsonRpcError(await post(JSON.stringify(shape)), 400, -32600);
      expect(message).toStartWith("Invalid Request");
    }
    await expectStillServing();
  });

  test("an unknown method is answered by the server with -32601 for that request id", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "resources/teleport", params: {} }));
    expect(response.status).toBe(200);
    const [message] = await messagesOf(response);
    expect(message).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
  });

  test("calling a tool that does not exist is an error naming it, not a crash", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "format_disk", arguments: {} } }));
    const [message] = await messagesOf(response);
    expect(message).toMatchObject({ id: 8, result: { isError: true } });
    expect(message!.result.content[0].text).toContain("format_disk");
    await expectStillServing();
  });

  test("tool arguments of the wrong type are refused with the reason", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "scan_site", arguments: { url: 42 } } }));
    const [message] = await messagesOf(response);
    expect(message).toMatchObject({ id: 9, result: { isError: true } });
    expect(message!.result.content[0].text).toContain("Input validation error");
    expect(message!.result.content[0].text).toContain("url");
  });

  test("a notification alone is accepted with 202 and no body", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
  });

  test("a body over the cap is refused with 413, whether declared or streamed", async () => {
    const padding = "x".repeat(MAX_MCP_BODY_BYTES);
    const declared = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { padding } });
    await expectJsonRpcError(await post(declared), 413, -32000);

    // No Content-Length: the body is counted as it streams and reading stops past the cap.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
        if (sent > 10 * MAX_MCP_BODY_BYTES) controller.close();
      },
    });
    const streamed = await service.request("/mcp", { method: "POST", headers: MCP_HEADERS, body: endless, duplex: "half" } as RequestInit);
    await expectJsonRpcError(streamed, 413, -32000);
    expect(sent).toBeLessThan(10 * MAX_MCP_BODY_BYTES);
    await expectStillServing();
  });

  test("the transport's own checks still apply: Accept must list both types, Content-Type must be JSON", async () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect((await post(ping, { "content-type": "application/json", accept: "application/json" })).status).toBe(406);
    expect((await post(ping, { "content-type": "text/plain", accept: MCP_HEADERS.accept })).status).toBe(415);
  });

  test("a browser page from another origin is refused (DNS rebinding), the service's own origin is not", async () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    await expectJsonRpcError(await post(ping, { ...MCP_HEADERS, origin: "https://evil.example" }), 403, -32000);
    expect((await post(ping, { ...MCP_HEADERS, origin: "http://localhost" })).status).toBe(200);
  });
});

describe("other methods on /mcp", () => {
  test("GET (no SSE stream) and DELETE (no session) answer 405 with Allow: POST, as for a stateless server", async () => {
    for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
      const response = await service.request("/mcp", { method, headers: { accept: "text/event-stream" } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      const body = (await response.json()) as { error: { code: number; message: string } };
      expect(body.error.code).toBe(-32000);
      expect(body.error.message).toContain(method);
    }
  });
});
