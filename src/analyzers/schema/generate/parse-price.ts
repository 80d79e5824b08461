/** Prices as pages show them: "$1,299.00", "€ 12,50", "19.99 EUR" → a plain number and an ISO 4217 code. */

const CURRENCY_SYMBOLS: Record<string, string> = { $: "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB", "₺": "TRY", "R$": "BRL", CHF: "CHF" };

export function parsePrice(text: string): { price: string; currency: string } | null {
  const compact = text.replace(/\s+/g, " ").trim();
  const match =
    /(R\$|CHF|[$€£¥₹₩₽₺])\s?(\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/.exec(compact) ??
    /(\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?([A-Z]{3}|[$€£¥₹₩₽₺])(?![A-Za-z])/.exec(compact);
  if (!match) return null;
  const symbolFirst = !/^\d/.test(match[1]!);
  const symbol = symbolFirst ? match[1]! : match[2]!;
  const number = symbolFirst ? match[2]! : match[1]!;
  const currency = CURRENCY_SYMBOLS[symbol] ?? (/^[A-Z]{3}$/.test(symbol) ? symbol : null);
  if (!currency) return null;
  return { price: plainNumber(number), currency };
}

/** The last "." or "," followed by one or two digits is the decimal mark; the rest are thousands separators. */
function plainNumber(text: string): string {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,\s]/g, "");
  return decimal ? `${whole}.${decimal[1]}` : whole;
}
