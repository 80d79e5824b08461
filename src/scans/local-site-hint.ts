/**
 * The sentence added to a refusal that an operator hits when scanning a site of their own (localhost, an
 * IP address, another port, an intranet or development name): public DNS does not know such a site, and
 * SCAN_CONNECT_TO is how the service is told where it is. Error texts of 400s are not fixed by the
 * interface, so the sentence may follow the reason.
 */
export const LOCAL_SITE_HINT =
  'To scan a site on your own machine or network, give it a name and map that name with SCAN_CONNECT_TO (for example SCAN_CONNECT_TO=my-site.test:80:127.0.0.1:8080, then scan my-site.test): see "Scan a site on your own machine" in the README.';

export function withLocalSiteHint(reason: string): string {
  return `${reason} ${LOCAL_SITE_HINT}`;
}
