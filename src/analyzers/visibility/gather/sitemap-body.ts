import { decodedBody } from "../../../net/decoded-body.ts";
import { bodyText, type FetchResult } from "../../../net/fetch-types.ts";

/** What a sitemap response holds once any gzip file wrapping is undone. */
export interface SitemapBody {
  text: string;
  /** True when the fetch or the decompression stopped at the byte cap. */
  truncated: boolean;
  /** True when the file itself was gzip (sitemap.xml.gz), not just sent with Content-Encoding. */
  gzipped: boolean;
  /** Why a gzip file could not be decompressed; absent when it could, or was not gzip. */
  decodeError?: string;
}

/**
 * The text of a sitemap response. A sitemap.xml.gz (or a file served as application/gzip) arrives as gzip
 * bytes, since no Content-Encoding asks the fetcher to undo it; those bytes are decompressed through the
 * same bounded streaming decoder as HTTP bodies and cut at `maxBytes`, so a gzip bomb costs no more
 * memory than a plain sitemap. gzip is recognised by its magic bytes, which no XML file starts with:
 * the name and the Content-Type only hint at it, and servers that already decoded it send plain XML.
 */
export async function sitemapBody(response: Pick<FetchResult, "body" | "headers" | "truncated">, maxBytes: number): Promise<SitemapBody> {
  if (!isGzip(response.body)) return { text: bodyText(response), truncated: response.truncated, gzipped: false };
  const chunks: Uint8Array[] = [];
  let length = 0;
  let truncated = false;
  let decodeError: string | undefined;
  try {
    for await (const chunk of decodedBody(once(response.body), "gzip")) {
      const room = maxBytes - length;
      if (chunk.byteLength > room) {
        chunks.push(chunk.subarray(0, room));
        length += room;
        truncated = true;
        break; // ends the decoder: the rest of the bomb is never inflated
      }
      chunks.push(chunk);
      length += chunk.byteLength;
    }
  } catch (caught) {
    // decodedBody words its error for an HTTP body ("the gzip response body could not be …(cause)"): keep zlib's cause.
    const message = caught instanceof Error ? caught.message : String(caught);
    decodeError = /\(([^()]+)\)$/.exec(message)?.[1] ?? message;
  }
  // Sitemaps are UTF-8 by the protocol; a gzip Content-Type carries no charset to honour.
  const text = new TextDecoder("utf-8").decode(Buffer.concat(chunks, length));
  // A compressed file cut by the fetch cap decodes to a truncated document as well.
  return { text, truncated: truncated || response.truncated, gzipped: true, ...(decodeError !== undefined ? { decodeError } : {}) };
}

/** RFC 1952: every gzip member starts with 0x1f 0x8b. */
function isGzip(body: Uint8Array): boolean {
  return body.byteLength >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

async function* once(body: Uint8Array): AsyncGenerator<Uint8Array> {
  yield body;
}
