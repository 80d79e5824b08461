/**
 * The account and admin pages' additions to the site stylesheet, served at /assets/account.css:
 * form fields for email and password, field errors, the once-only key box and data tables. Colours
 * come from the site stylesheet's custom properties, so both colour schemes keep their contrast.
 */
export const ACCOUNT_CSS = `
.account-narrow { max-width: 34rem; }
.account-head { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: baseline; justify-content: space-between; }
.form { display: grid; gap: 1rem; margin: 1rem 0; }
.field { display: grid; gap: 0.35rem; }
.field label { font-weight: 600; }
.field input {
  font: inherit; padding: 0.7rem 0.85rem; border-radius: 8px; border: 1px solid var(--border, #cbd5e1);
  background: var(--surface, #fff); color: var(--text, #0f172a); width: 100%; box-sizing: border-box;
}
.field input[aria-invalid="true"] { border-color: var(--fail, #b91c1c); border-width: 2px; }
.field input:focus-visible, .button:focus-visible, a:focus-visible {
  outline: 3px solid var(--focus, #1d4ed8); outline-offset: 2px;
}
.error { color: var(--fail, #b91c1c); font-weight: 600; margin: 0; }
.notice { margin: 1rem 0; }
.key-once { margin: 1.25rem 0; }
.key-once h2 { margin-top: 0; }
.key-once pre { font-size: 1rem; user-select: all; }
.button.danger { background: var(--fail, #b91c1c); color: #fff; }
.table-scroll { overflow-x: auto; margin: 0.75rem 0 1.5rem; }
.table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
.table caption { text-align: left; font-weight: 600; padding: 0.4rem 0; }
.table th, .table td { text-align: left; padding: 0.55rem 0.6rem; border-bottom: 1px solid var(--border, #cbd5e1); vertical-align: top; }
.table thead th { font-size: 0.85rem; color: var(--muted, #475569); font-weight: 600; }
.table tbody th { font-weight: 600; overflow-wrap: anywhere; }
.counts { list-style: none; display: flex; gap: 1.5rem; padding: 0; margin: 0.5rem 0; }
.key-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
.admin-sections { margin: 0.5rem 0 1rem; }
@media (max-width: 40rem) {
  .table { font-size: 0.875rem; }
  .table th, .table td { padding: 0.45rem 0.4rem; }
}
`;
