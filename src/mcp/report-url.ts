/** Where the report endpoint serves a domain's record, for tool answers that point an agent to it. */
export function reportUrl(publicUrl: string, domain: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/report/${domain}.json`;
}
