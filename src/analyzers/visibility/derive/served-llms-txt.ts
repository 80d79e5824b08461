import type { TextFileArtifact } from "../gather/artifacts.ts";
import { isHtmlDocumentBody } from "./html-document-body.ts";

export type ServedTextFile = Extract<TextFileArtifact, { ok: true }>;

/**
 * The llms.txt the site serves: the first location (/llms.txt, then /.well-known/llms.txt) that answers
 * 200 with a text body. An HTML page there (a soft 404, an app's fallback route) is not an llms.txt,
 * whatever its Content-Type says; a Markdown body is one, even when mislabelled text/html.
 */
export function servedLlmsTxt(files: TextFileArtifact[]): ServedTextFile | undefined {
  return files.find((file): file is ServedTextFile => file.ok && isServedTextFile(file));
}

/** Did this location answer with a text file (not an error, an empty body or an HTML page)? */
export function isServedTextFile(file: TextFileArtifact): boolean {
  return file.ok && file.status === 200 && file.text.trim() !== "" && !isHtmlDocumentBody(file.text);
}
