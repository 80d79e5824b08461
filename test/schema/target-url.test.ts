import { afterEach, describe, expect, test } from "bun:test";
import { claimNextJob, enqueueScan } from "../../src/scans/queue.ts";
import { targetUrlOf } from "../../src/scans/start-scan.ts";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { jobById } from "../../src/store/jobs-repo.ts";

const opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

function memoryDb(): Db {
  const db = openDatabase(":memory:");
  opened.push(db);
  return db;
}

describe("the URL asked for travels with the job", () => {
  test("targetUrlOf keeps path and query, drops the fragment, normalises the host, and is null for a homepage", () => {
    expect(targetUrlOf("https://Shop.Example./p/shoe?color=red#reviews")).toBe("https://shop.example/p/shoe?color=red");
    expect(targetUrlOf("shop.example/blog/post")).toBe("https://shop.example/blog/post");
    expect(targetUrlOf("http://www.bücher.de:80/a")).toBe("http://www.xn--bcher-kva.de/a");
    expect(targetUrlOf("shop.example")).toBeNull();
    expect(targetUrlOf("https://shop.example/#top")).toBeNull();
    expect(targetUrlOf("https://shop.example/?q=1")).toBe("https://shop.example/?q=1");
  });

  test("enqueue stores it, claim hands it to the worker; the same page joins, another page of the domain queues its own", async () => {
    const db = memoryDb();
    const caller = { kind: "challenge" as const };
    const id = await enqueueScan(db, "shop.example", caller, 1000, "https://shop.example/p/shoe");
    expect(await enqueueScan(db, "shop.example", caller, 1001, "https://shop.example/p/shoe")).toBe(id);
    const other = await enqueueScan(db, "shop.example", caller, 1001, "https://shop.example/other");
    expect(other).not.toBe(id);
    expect((await jobById(db, other))!.targetUrl).toBe("https://shop.example/other");
    expect((await jobById(db, id))!.targetUrl).toBe("https://shop.example/p/shoe");
    const claimed = await claimNextJob(db, 2000, 15_000);
    expect(claimed).toMatchObject({ id, domain: "shop.example", targetUrl: "https://shop.example/p/shoe" });
  });

  test("a job without a URL (the visibility service, a bare domain) claims with null", async () => {
    const db = memoryDb();
    await enqueueScan(db, "site.example", { kind: "pipeline" }, 1000);
    expect((await claimNextJob(db, 2000, 15_000))!.targetUrl).toBeNull();
  });
});
