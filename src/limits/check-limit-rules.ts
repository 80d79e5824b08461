import type { Caller } from "../types/caller.ts";
import type { LimitRule } from "./rate-limiter.ts";
import { scanLimitRules, type ScanLimits } from "./scan-limit-rules.ts";

/**
 * The bucket a check of pasted markup counts in: the caller's bucket of fresh scans (the client's
 * address, its /64 for IPv6, or a customer key), with the same quota, kept apart under a `check-`
 * prefix so that checking code never uses up scans. There is no target domain to count against.
 */
export function checkLimitRules(caller: Caller, clientIp: string, limits: ScanLimits): LimitRule[] {
  const [callerRule] = scanLimitRules(caller, clientIp, "", limits);
  return [{ ...callerRule!, bucket: `check-${callerRule!.bucket}` }];
}
