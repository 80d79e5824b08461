/**
 * The account and admin pages' additions to the site stylesheet, served at /assets/account.css:
 * form fields for email and password, field errors, the once-only key box and data tables. Colours
 * come from the site stylesheet's custom properties, so both colour schemes keep their contrast;
 * the two defined here (input borders, text on the danger button) are checked against both.
 */
export const ACCOUNT_CSS = `
:root { --field-border: #64748b; --on-danger: #ffffff; }
@media (prefers-color-scheme: dark) { :root { --field-border: #7c8ba1; --on-danger: #0b1120; } }

.account-narrow { max-width: 34rem; }
.account-narrow > h1 + .card, .account-narrow > h1 + .notice { margin-top: 1rem; }
.account-head { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; margin-bottom: 0.5rem; }
.account-head h1 { margin: 0; }
.signed-in { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; margin: 0; }
.signed-in .who { color: var(--muted); overflow-wrap: anywhere; }

.form { display: grid; gap: 1.1rem; margin: 1rem 0; }
.form .actions { margin-top: 0.25rem; }
.field { display: grid; gap: 0.35rem; }
.field label { font-weight: 600; }
/* Input borders meet the 3:1 contrast that WCAG asks of a control's boundary, in both schemes. */
.field input, .field select {
  font: inherit; padding: 0.7rem 0.85rem; border-radius: 8px; border: 1px solid var(--field-border);
  background: var(--surface); color: var(--text); width: 100%; box-sizing: border-box; min-height: 2.75rem;
}
.field input[aria-invalid="true"] { border-color: var(--fail); box-shadow: inset 0 0 0 1px var(--fail); }
.field input:focus-visible, .field select:focus-visible, .button:focus-visible, a:focus-visible, button:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px;
}
.error { color: var(--fail); font-weight: 600; margin: 0; }
.notice { margin: 1rem 0; }
.error-summary ul { margin: 0.25rem 0 0; padding-left: 1.2rem; }
.error-summary a { color: inherit; font-weight: 600; }

.create-key { max-width: 34rem; }
.key-once { margin: 1.25rem 0; }
.key-once h2 { margin-top: 0; overflow-wrap: anywhere; }
.key-once pre { font-size: 1rem; user-select: all; }
.copyable { margin-bottom: 0.75rem; }
.button.danger { background: var(--fail); color: var(--on-danger); }

.table-scroll { overflow-x: auto; margin: 0.75rem 0 1.5rem; }
.table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
.table caption { text-align: left; font-weight: 600; padding: 0.4rem 0; }
.table th, .table td { text-align: left; padding: 0.55rem 0.6rem; border-bottom: 1px solid var(--border); vertical-align: baseline; }
.table thead th { font-size: 0.85rem; color: var(--muted); font-weight: 600; white-space: nowrap; }
.table tbody th { font-weight: 600; overflow-wrap: anywhere; }
.table time, .table .status { white-space: nowrap; }
.table .cell-action { text-align: right; }
.counts { list-style: none; display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; padding: 0; margin: 0.5rem 0; }
.key-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.6rem; }
.key-list li { display: flex; flex-wrap: wrap; gap: 0.25rem 0.6rem; align-items: baseline; }
.key-list .key-dates { flex-basis: 100%; font-size: 0.9rem; }
.admin-sections { margin: 0.5rem 0 1rem; }

/* Search and filter forms: as many fields to a row as fit, the buttons on their own row. */
.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: 0.9rem 1rem; align-items: end; margin: 1rem 0; }
.filters .field-wide, .filters .actions { grid-column: 1 / -1; }
.filters .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0; }
.list-count { margin: 0.75rem 0 0; }
.pager { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin: 1rem 0 1.5rem; }
.usage { white-space: nowrap; }
.usage meter { width: 4rem; vertical-align: middle; }
.admin-sections ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.35rem 1.25rem; padding: 0; margin: 0; }

/* On a phone each table row becomes a small card of label: value lines, instead of a table that
   squeezes every column to a few letters or hides its last columns off screen. */
@media (max-width: 40rem) {
  .table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); }
  .table.stack, .table.stack tbody, .table.stack tr, .table.stack th, .table.stack td { display: block; width: 100%; }
  .table.stack tr { border-bottom: 1px solid var(--border); padding: 0.5rem 0; }
  .table.stack th, .table.stack td { border: 0; padding: 0.2rem 0; }
  .table.stack tbody th { font-size: 1rem; }
  .table.stack td[data-label] { position: relative; padding-left: 8rem; overflow-wrap: anywhere; }
  .table.stack td[data-label]::before { content: attr(data-label); position: absolute; left: 0; width: 7.25rem; color: var(--muted); font-size: 0.85rem; padding-top: 0.1rem; }
  .table.stack td:empty { display: none; }
  .table.stack .cell-action { text-align: left; padding-top: 0.4rem; }
  .table.stack time { white-space: normal; }
}
`;
