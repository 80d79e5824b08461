/**
 * Readers for provider responses. The SDKs type what the API documents but check nothing at run time,
 * so a response of another shape (an API change, a proxy at the base URL, a hostile fake) is read as
 * "nothing there" instead of throwing somewhere deep in our code.
 */

export type Json = Record<string, unknown>;

export function record(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

export function records(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(record).filter((item): item is Json => item !== null) : [];
}

export function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function integers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item) && item >= 0) : [];
}

export function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}
