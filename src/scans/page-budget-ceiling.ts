/**
 * The most pages one site-wide scan may sample and judge, whoever asks: the bound on the verdicts kept
 * per record (scans/bounded-page-verdicts.ts) and on every configured maximum (SCAN_PAGES_*_MAX).
 * 500 is the largest crawl the benchmark measures (issue 29: 500 pages within 5.5× of 100).
 */
export const MAX_PAGE_BUDGET = 500;
