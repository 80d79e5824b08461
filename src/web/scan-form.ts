import { challengeWidget, CHALLENGE_FIELD, type ChallengeWidgetConfig } from "./challenge-widget.ts";
import { html, type SafeHtml } from "./html.ts";

/**
 * The scan form, in its three uses: the home page's "type a domain", and the one-button "scan this
 * domain" and "rescan" forms on report pages. With JavaScript, site.js sends it to POST /api/scan
 * and shows progress in the status region; without, it posts to /scan (see form-scan.ts). A report's
 * Rescan form keeps its challenge hidden until Rescan is pressed (issue 28: a widget headed every report).
 */

export const FORM_SCAN_PATH = "/scan";

export type ScanFormOptions =
  | { mode: "enter"; value?: string; error?: string; inputLabel: string; placeholder: string; hint: string }
  /** `reportPath`: where the report of what is scanned will be (a page's, `?url=`), when not the domain's. */
  | { mode: "scan" | "rescan"; domain: string; buttonLabel: string; reportPath?: string };

export function scanForm(options: ScanFormOptions, challenge: ChallengeWidgetConfig, id: string): SafeHtml {
  const statusId = `${id}-status`;
  if (options.mode === "enter") {
    const errorId = `${id}-error`;
    return html`<form class="scan-form" id="${id}" action="${FORM_SCAN_PATH}" method="post" data-scan-form data-status="${statusId}">
<label for="${id}-url">${options.inputLabel}</label>
<div class="field-row">
<input type="text" id="${id}-url" name="url" value="${options.value ?? ""}" placeholder="${options.placeholder}" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false" required aria-describedby="${id}-hint${options.error ? html` ${errorId}` : ""}">
<button class="button" type="submit">Scan</button>
</div>
<p class="hint" id="${id}-hint">${options.hint}</p>
${challengeWidget(challenge)}
<div class="scan-status" id="${statusId}" role="status" aria-live="polite">${options.error ? html`<div class="notice error" id="${errorId}"><p>${options.error}</p></div>` : ""}</div>
</form>`;
  }
  return html`<form class="scan-form" id="${id}" action="${FORM_SCAN_PATH}" method="post" data-scan-form data-status="${statusId}"${options.reportPath ? html` data-report-path="${options.reportPath}"` : ""}>
<input type="hidden" name="url" value="${options.domain}">
${options.mode === "rescan" ? html`<input type="hidden" name="forceRescan" value="true">` : ""}
${options.mode === "rescan" ? html`<div class="challenge-slot" data-challenge-slot hidden>${challengeWidget(challenge)}</div>` : challengeWidget(challenge)}
<div><button class="button${options.mode === "rescan" ? " secondary" : ""}" type="submit">${options.buttonLabel}</button></div>
<div class="scan-status" id="${statusId}" role="status" aria-live="polite"></div>
</form>`;
}

export { CHALLENGE_FIELD };
