import ipaddr from "ipaddr.js";
import type { Db } from "../store/database.ts";
import { bucketsInUse, clearBucketEvents, type BucketUse } from "../store/rate-limits-repo.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { MAX_WINDOW_SECONDS } from "./rate-limiter.ts";
import { addressBucket, keyBucket } from "./scan-limit-rules.ts";

/**
 * The rate-limit buckets an operator can see and clear (the admin page and `sightline limits`), so that
 * nobody is locked out of their own service until a window passes. A bucket is named as it is stored:
 * `ip:<address or /64>`, `domain:<domain>`, `key:<id>`, and the same with `check-` for checks of pasted
 * markup; an IP address, a domain or `key:<id>` typed plainly names its scan bucket.
 */

const BUCKET = /^(check-)?(ip|domain|key):(.+)$/;
const SHOWN = 200;

export async function listLimitBuckets(db: Db, now: number): Promise<BucketUse[]> {
  return bucketsInUse(db, now - MAX_WINDOW_SECONDS * 1000, SHOWN);
}

/** The stored bucket a typed name stands for, or why it names none. */
export function bucketOf(input: string): { ok: true; bucket: string } | { ok: false; error: string } {
  const text = input.trim();
  if (text === "") return { ok: false, error: "Name a bucket: an IP address, a domain, or key:<id> (see the list)." };
  const named = BUCKET.exec(text);
  if (named) {
    const kind = named[2] === "ip" ? "ip" : named[2] === "key" ? "key" : "domain";
    const bucket = plainBucket(kind, named[3]!);
    const check = named[1] ?? "";
    return bucket.ok ? { ok: true, bucket: `${check}${bucket.bucket}` } : bucket;
  }
  if (ipaddr.isValid(text)) return { ok: true, bucket: `ip:${addressBucket(text)}` };
  return plainBucket("domain", text);
}

function plainBucket(kind: "ip" | "domain" | "key", value: string): { ok: true; bucket: string } | { ok: false; error: string } {
  switch (kind) {
    case "key":
      return /^\d{1,15}$/.test(value) ? { ok: true, bucket: keyBucket(Number(value)) } : { ok: false, error: `"key:${value.slice(0, 40)}" is not a key bucket: write key:<id>, the key's number.` };
    case "ip":
      if (value.endsWith("/64") && ipaddr.IPv6.isValid(value.slice(0, -3))) return { ok: true, bucket: `ip:${addressBucket(value.slice(0, -3))}` };
      return ipaddr.isValid(value) ? { ok: true, bucket: `ip:${addressBucket(value)}` } : { ok: false, error: `"${value.slice(0, 60)}" is not an IP address.` };
    case "domain": {
      const target = normalizeTarget(value);
      return target.ok ? { ok: true, bucket: `domain:${target.domain}` } : { ok: false, error: `"${value.slice(0, 60)}" is neither a bucket, an IP address nor a domain.` };
    }
  }
}

/** Clears one bucket: its limit starts afresh. Returns how many counted requests were forgotten. */
export async function clearLimitBucket(db: Db, bucket: string): Promise<number> {
  return clearBucketEvents(db, bucket);
}
