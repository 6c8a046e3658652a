/** The Complete Course's price, as configured on the server. The browser only ever displays it. */
export interface Price {
  /** Minor units: 2700 is €27.00. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
}

// Building a formatter costs far more than using one, and the price is on most pages, several times.
const formatters = new Map<string, Intl.NumberFormat>();

/** €27, or €27.50 when there are cents. */
export function formatPrice({ amountMinor, currency }: Price, locale = "en-IE"): string {
  const whole = amountMinor % 100 === 0;
  const key = `${locale} ${currency} ${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amountMinor / 100);
}
