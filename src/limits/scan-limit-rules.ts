import ipaddr from "ipaddr.js";
import type { LimitRule } from "./rate-limiter.ts";
import type { Caller } from "../types/caller.ts";

/**
 * Which buckets a fresh scan is counted in (interface section 8, rule 4): anonymous, browser and
 * pipeline callers share a per-IP bucket; a customer key has its own bucket instead, independent of
 * the address it calls from; every caller counts against the target domain.
 */

export interface ScanLimits {
  perIpPerHour: number;
  perDomainPerHour: number;
  perKeyPerHour: number;
}

export const SCAN_LIMIT_WINDOW_SECONDS = 3600;

export function scanLimitRules(caller: Caller, clientIp: string, domain: string, limits: ScanLimits): LimitRule[] {
  const windowSeconds = SCAN_LIMIT_WINDOW_SECONDS;
  const callerRule: LimitRule =
    caller.kind === "key"
      ? { name: "key", bucket: keyBucket(caller.keyId), limit: limits.perKeyPerHour, windowSeconds }
      : { name: "ip", bucket: `ip:${addressBucket(clientIp)}`, limit: limits.perIpPerHour, windowSeconds };
  return [callerRule, { name: "domain", bucket: `domain:${domain}`, limit: limits.perDomainPerHour, windowSeconds }];
}

/** The bucket a customer key's scans are counted in (also read to show a key's use on the dashboard). */
export function keyBucket(keyId: number): string {
  return `key:${keyId}`;
}

/**
 * One IPv6 host usually owns a whole /64, so counting single IPv6 addresses would let it rotate
 * through billions of buckets; the /64 is the unit. IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function addressBucket(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return clientIp;
  const address = ipaddr.process(clientIp);
  if (address.kind() === "ipv4") return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${network.toRFC5952String()}/64`;
}
