/*
 * The web pages' one script (served from our origin; the CSP allows nothing inline). It adds what
 * the server-rendered pages cannot do alone: copy buttons, and scan forms that send the browser
 * challenge's token to POST /api/scan, show live progress while polling the report every 1.5 s, and
 * count down after a 429. Everything it writes into the page goes through textContent, never HTML.
 */
(function () {
  "use strict";

  var POLL_MS = 1500;
  var GIVE_UP_MS = 3 * 60 * 1000;
  var ALTCHA_WORKER = "/assets/altcha-pbkdf2.js";

  // The ALTCHA widget is loaded without its bundled workers (they would need blob: URLs, which our
  // CSP refuses); its proof-of-work worker comes from our own origin instead.
  if (window.$altcha && window.$altcha.algorithms) {
    ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"].forEach(function (name) {
      window.$altcha.algorithms.set(name, function () {
        return new Worker(ALTCHA_WORKER);
      });
    });
  }

  document.querySelectorAll("button[data-copy-target]").forEach(setUpCopyButton);
  document.querySelectorAll("form[data-scan-form]").forEach(setUpScanForm);
  document.querySelectorAll("[data-countdown-seconds]").forEach(function (counter) {
    liveCountdown(counter, Number(counter.getAttribute("data-countdown-seconds")) || 0, function () {
      var line = counter.parentNode;
      if (line) line.appendChild(document.createTextNode(" You can scan again now."));
    });
  });
  document.querySelectorAll("[data-rescan-note]").forEach(followRescan);
  // A sign-in page answering a failed post: replacing the history entry drops its post, so a reload asks
  // for the form again instead of re-sending a browser check already used (which answered 403).
  if (document.querySelector("form[data-forget-post]")) history.replaceState(history.state, "", location.href);

  /**
   * A report shown while a newer scan of its domain runs (rescan-note.ts): the report endpoint's 200
   * carries that scan as `scan`, so the notice shows its step in place; once a record newer than the
   * one shown is stored, the page is reloaded to show it. Without this script the page reloads itself.
   */
  function followRescan(note) {
    var path = note.getAttribute("data-report");
    var shown = note.getAttribute("data-shown");
    var view = {
      bar: note.querySelector("progress"),
      label: note.querySelector("[data-rescan-label]"),
      step: note.querySelector("[data-rescan-step]"),
    };
    var began = Date.now();
    (async function poll() {
      while (Date.now() - began < GIVE_UP_MS * 3) {
        await sleep(POLL_MS);
        var report = await fetchJson(path);
        if (!report || report.status !== 200) continue;
        if (report.body.scannedAt && report.body.scannedAt !== shown) {
          setText(note.querySelector("[data-rescan-title]"), "The new scan is done: showing its report…");
          location.reload();
          return;
        }
        if (report.body.scan) showScanState(view, report.body.scan);
      }
      setText(note.querySelector("[data-rescan-hint]"), "The new scan is taking longer than usual: reload this page later to see its report.");
    })();
  }

  /**
   * Shows a running scan's state in a progress view ({bar, label, step}). A poll that carries no step
   * (between two reports of the worker) leaves the last one standing: the view never jumps back.
   */
  function showScanState(view, scan) {
    var progress = scan.progress;
    if (!progress || typeof progress.done !== "number" || typeof progress.total !== "number" || progress.total <= 0) {
      if (view.shownProgress) return;
      setText(view.step, scan.state === "queued" ? "Queued: the scan starts as soon as a worker is free." : "Starting…");
      return;
    }
    view.shownProgress = true;
    view.bar.max = progress.total;
    view.bar.value = Math.min(progress.done, progress.total);
    setText(view.bar, progress.done + " of " + progress.total + " steps done");
    setText(view.label, "Scan progress: " + progress.done + " of " + progress.total + " steps done");
    setText(view.step, String(progress.step || ""));
  }

  /** Writes only on change, so the live region announces a new step once rather than every poll. */
  function setText(node, text) {
    if (node && node.textContent !== text) node.textContent = text;
  }

  document.querySelectorAll(".all-checks").forEach(setUpCheckFilters);
  // The report folds its sections and checks (<details>): a link to something inside one opens it first.
  openTargetDetails();
  window.addEventListener("hashchange", openTargetDetails);
  // A second click on the same in-page link fires no hashchange: open its target anyway.
  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest ? event.target.closest('a[href^="#"]') : null;
    if (link) setTimeout(openTargetDetails, 0);
  });
  function openTargetDetails() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target) return;
    var opened = false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    // A check's own <details> (the target is its list item) opens too, so the link shows its detail and fix.
    var own = target.querySelector(":scope > details");
    if (own && !own.open) {
      own.open = true;
      opened = true;
    }
    if (opened) target.scrollIntoView();
  }
  document.querySelectorAll("button[data-print]").forEach(setUpPrintButton);
  // Closed <details> print as their summary only: open them all for printing, and restore after.
  var closedForPrint = [];
  window.addEventListener("beforeprint", function () {
    closedForPrint = Array.prototype.filter.call(document.querySelectorAll("details"), function (details) {
      return !details.open;
    });
    closedForPrint.forEach(function (details) {
      details.open = true;
    });
  });
  window.addEventListener("afterprint", function () {
    closedForPrint.forEach(function (details) {
      details.open = false;
    });
    closedForPrint = [];
  });

  // The stylesheet filters the checks by itself (:has() on the radio buttons), so filtering works
  // without this script; it only adds the count of what is shown and hides groups the filters emptied.
  function setUpCheckFilters(section) {
    var form = section.querySelector(".check-filters");
    var count = section.querySelector(".filter-count");
    if (!form || !count) return;
    var update = function (event) {
      // A filter shows what it picks: the groups it leaves checks in open (they start folded).
      var filtering = event && Array.prototype.some.call(form.querySelectorAll("input:checked"), function (input) {
        return input.value !== "all";
      });
      var checks = section.querySelectorAll(".check");
      var shown = 0;
      checks.forEach(function (check) {
        if (getComputedStyle(check).display !== "none") shown++;
      });
      section.querySelectorAll(".check-group").forEach(function (group) {
        var visible = Array.prototype.some.call(group.querySelectorAll(".check"), function (check) {
          return getComputedStyle(check).display !== "none";
        });
        group.classList.toggle("filtered-empty", !visible);
        var fold = group.querySelector(":scope > details");
        if (filtering && visible && fold) fold.open = true;
      });
      count.hidden = false;
      count.textContent = shown === checks.length ? "Showing all " + checks.length + " checks." : "Showing " + shown + " of " + checks.length + " checks.";
    };
    form.addEventListener("change", update);
    update();
  }

  function setUpPrintButton(button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  }

  function setUpCopyButton(button) {
    var source = document.getElementById(button.getAttribute("data-copy-target"));
    if (!source) return;
    button.hidden = false;
    button.setAttribute("aria-label", "Copy to the clipboard");
    button.addEventListener("click", function () {
      var text = source.textContent || "";
      var done = function () {
        button.textContent = "Copied";
        setTimeout(function () {
          button.textContent = "Copy";
        }, 2000);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () {
          selectText(source);
        });
      } else {
        selectText(source);
      }
    });
  }

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function setUpScanForm(form) {
    var status = document.getElementById(form.getAttribute("data-status"));
    var button = form.querySelector('button[type="submit"]');
    var widget = form.querySelector("altcha-widget");
    var busy = false;
    var blockedUntil = 0;
    var lastPayload = null;
    // The ALTCHA widget puts a required checkbox in the form that stays invalid until the proof of
    // work is done, which would stop the submit event; this script waits for the widget itself.
    form.noValidate = true;

    if (widget) {
      widget.addEventListener("verified", function (event) {
        lastPayload = event.detail && event.detail.payload ? event.detail.payload : null;
      });
      widget.addEventListener("statechange", function (event) {
        if (!event.detail || event.detail.state !== "verified") lastPayload = null;
      });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (busy || Date.now() < blockedUntil) return;
      // A report's Rescan form shows its browser check only once Rescan is pressed.
      var slot = form.querySelector("[data-challenge-slot]");
      if (slot) slot.hidden = false;
      busy = true;
      button.disabled = true;
      run()
        .catch(function (error) {
          notice("error", ["Something went wrong: " + (error && error.message ? error.message : String(error)) + ". Please try again."]);
        })
        .then(function () {
          busy = false;
          if (Date.now() >= blockedUntil) button.disabled = false;
        });
    });

    async function run() {
      var url = (form.elements.url.value || "").trim();
      if (!url) {
        notice("error", ["Enter what to scan, such as " + (form.elements.url.placeholder || "example.com") + "."]);
        form.elements.url.focus();
        return;
      }
      var forceRescan = !!(form.elements.forceRescan && form.elements.forceRescan.value === "true");
      // Where the report will be when it is not the domain's: one page's (?url=), for per-page records.
      var target = form.getAttribute("data-report-path");
      // That page's record is the one to wait for: the domain's newest may be another page's.
      var page = target ? new URL(target, location.origin).searchParams.get("url") : null;
      notice("info", ["Checking your browser…"], true);
      var token = await challengeToken();
      if (!token) {
        notice("error", ["The browser check did not finish. Please try again."]);
        return;
      }
      notice("info", ["Starting the scan…"], true);
      var response = await fetch("/api/scan", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: url, forceRescan: forceRescan, challengeToken: token }),
      });
      // A token is accepted once. While a started scan is followed, the widget keeps showing that the
      // check passed (resetting it would look as if the press had failed); it is reset if the scan is given up.
      lastPayload = null;
      if (response.status !== 202) resetChallenge();
      var body = await response.json().catch(function () {
        return {};
      });
      if (response.status === 200 && body.domain) {
        notice("info", ["A fresh report exists: opening it…"], true);
        location.assign(target || reportPath(body.domain));
      } else if (response.status === 202 && body.domain) {
        var startedAt = Date.parse(response.headers.get("date") || "");
        // Where records are kept per page, the 202 names the page (`url`): wait for that page's record and
        // open its report, not the domain's latest, which may be another page's.
        var followed = page || (typeof body.url === "string" ? body.url : null);
        var reportAt = target || (followed ? reportPath(body.domain) + "?url=" + encodeURIComponent(followed) : reportPath(body.domain));
        await followScan(body.domain, Number.isFinite(startedAt) ? startedAt : Date.now() - 1000, forceRescan, reportAt, followed);
        resetChallenge();
      } else if (response.status === 429) {
        countDown(body.error || "Too many scans.", Number(body.retryAfterSeconds) || 60);
      } else if (response.status === 403) {
        notice("error", [(body.error || "Verification failed. Please retry.") + " The browser check could not be confirmed; press the button to try again."]);
      } else {
        notice("error", [body.error || "The scan could not be started (status " + response.status + ")."]);
      }
    }

    /** The token of the form's widget: the ALTCHA payload (solving now if needed) or Turnstile's response. */
    async function challengeToken() {
      if (widget) {
        if (typeof widget.verify !== "function") return null;
        if (lastPayload) return lastPayload;
        var state = typeof widget.getState === "function" ? widget.getState() : null;
        if (state === "verifying") return await nextVerification();
        var result = await widget.verify();
        return result && result.payload ? result.payload : lastPayload;
      }
      var field = form.querySelector('[name="challengeToken"]');
      return field && field.value ? field.value : null;
    }

    function nextVerification() {
      return new Promise(function (resolve) {
        widget.addEventListener("statechange", function listener(event) {
          var state = event.detail && event.detail.state;
          if (state === "verifying") return;
          widget.removeEventListener("statechange", listener);
          resolve(state === "verified" ? event.detail.payload : null);
        });
      });
    }

    /** A token is accepted once: get the widget ready for the next press. */
    function resetChallenge() {
      lastPayload = null;
      if (widget && typeof widget.reset === "function") widget.reset();
      var turnstileBox = form.querySelector(".cf-turnstile");
      if (turnstileBox && window.turnstile) window.turnstile.reset(turnstileBox);
    }

    /** Live progress: elapsed time, what is checked, a link to come back to; then the report. */
    async function followScan(domain, startedAt, rescan, reportAt, page) {
      var began = Date.now();
      clear(status);
      var box = element("div", "notice info");
      var head = element("div", "progress-head");
      var spinner = element("span", "spinner");
      spinner.setAttribute("aria-hidden", "true");
      head.appendChild(spinner);
      var title = element("strong", "", "Scanning " + domain);
      head.appendChild(title);
      var elapsed = element("span", "elapsed", "0:00");
      elapsed.setAttribute("aria-label", "elapsed time");
      head.appendChild(elapsed);
      box.appendChild(head);
      // The same structure as the no-JavaScript progress page (status-pages.ts scanProgress): a labelled
      // <progress> and a polite live region for the step, filled from the 404's "scan" while polling.
      var barId = (form.id || "scan") + "-progress-bar";
      var meter = element("div", "scan-progress");
      var barLabel = element("label", "", "Waiting for the scan to start…");
      barLabel.htmlFor = barId;
      var bar = element("progress", "");
      bar.id = barId;
      var step = element("p", "scan-step", "Queued");
      step.setAttribute("aria-live", "polite");
      meter.appendChild(barLabel);
      meter.appendChild(bar);
      meter.appendChild(step);
      var view = { bar: bar, label: barLabel, step: step };
      box.appendChild(meter);
      var template = document.getElementById("scan-checks");
      // A rescan runs on its report page, which already lists every check.
      if (template && template.content && !rescan) {
        box.appendChild(element("p", "", "What is being checked:"));
        box.appendChild(template.content.cloneNode(true));
      }
      var leave = element("p", "");
      leave.appendChild(document.createTextNode("You can leave: the scan goes on, and its report will be at "));
      var link = element("a", "", location.origin + reportAt);
      link.href = reportAt;
      leave.appendChild(link);
      leave.appendChild(document.createTextNode("."));
      box.appendChild(leave);
      status.appendChild(box);

      var ticker = setInterval(function () {
        elapsed.textContent = minutesAndSeconds(Math.round((Date.now() - began) / 1000));
      }, 1000);
      try {
        while (Date.now() - began < GIVE_UP_MS) {
          await sleep(POLL_MS);
          var report = await fetchReport(domain, page);
          var record = report && report.status === 200 ? report.body : null;
          // The 404 of a first scan and the 200 of a rescan (the old record) both carry the running scan.
          if (report && report.body.scan) showScanState(view, report.body.scan);
          if (record && Date.parse(record.scannedAt) >= startedAt) {
            title.textContent = "Done: opening the report of " + domain + "…";
            location.assign(reportAt);
            return;
          }
        }
        title.textContent = "This scan is taking longer than usual. Its report will appear at the address below.";
      } finally {
        clearInterval(ticker);
      }
    }

    /** One countdown: the API's own "Try again in N seconds." is dropped from the message it shows. */
    function countDown(message, seconds) {
      blockedUntil = Date.now() + seconds * 1000;
      button.disabled = true;
      clear(status);
      var box = element("div", "notice error");
      box.appendChild(element("p", "", String(message).replace(/\s*Try again in \d+ seconds?\.\s*$/, "")));
      var line = element("p", "");
      line.appendChild(document.createTextNode("You can scan again in "));
      var counter = element("span", "countdown");
      counter.setAttribute("data-countdown", "");
      line.appendChild(counter);
      line.appendChild(document.createTextNode("."));
      box.appendChild(line);
      status.appendChild(box);
      liveCountdown(counter, seconds, function () {
        line.textContent = "You can scan again now.";
        button.disabled = false;
      });
    }

    function notice(kind, lines, working) {
      clear(status);
      var box = element("div", "notice " + kind);
      lines.forEach(function (text, index) {
        var paragraph = element("p", index === 0 && working ? "progress-head" : "");
        if (index === 0 && working) {
          var spinner = element("span", "spinner");
          spinner.setAttribute("aria-hidden", "true");
          paragraph.appendChild(spinner);
          paragraph.appendChild(element("span", "", text));
        } else {
          paragraph.textContent = text;
        }
        box.appendChild(paragraph);
      });
      status.appendChild(box);
    }
  }

  /** The report endpoint's answer: 200 with the record, or 404 whose body may say how far a running scan is. */
  function fetchReport(domain, page) {
    return fetchJson("/api/report/" + encodeURIComponent(domain) + ".json" + (page ? "?url=" + encodeURIComponent(page) : ""));
  }

  async function fetchJson(path) {
    try {
      var response = await fetch(path, { cache: "no-store" });
      if (response.status !== 200 && response.status !== 404) return null;
      return { status: response.status, body: (await response.json()) || {} };
    } catch (error) {
      return null;
    }
  }

  function reportPath(domain) {
    return "/report/" + encodeURIComponent(domain);
  }

  function minutesAndSeconds(total) {
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var tail = (seconds < 10 ? ":0" : ":") + seconds;
    return hours > 0 ? hours + ":" + (minutes < 10 ? "0" : "") + minutes + tail : minutes + tail;
  }

  /** Counts `counter` down to 0:00 from `seconds`, once a second, then calls `done`. */
  function liveCountdown(counter, seconds, done) {
    var until = Date.now() + seconds * 1000;
    var tick = function () {
      var left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      counter.textContent = minutesAndSeconds(left);
      return left;
    };
    tick();
    var timer = setInterval(function () {
      if (tick() === 0) {
        clearInterval(timer);
        done();
      }
    }, 1000);
  }

  function sleep(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }
})();
