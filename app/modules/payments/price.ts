/** The Complete Course's price, as configured on the server. The browser only ever displays it. */
export interface Price {
  /** Minor units: 2700 is €27.00. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/** €27, or €27.50 when there are cents. */
export function formatPrice({ amountMinor, currency }: Price, locale = "en-IE"): string {
  const whole = amountMinor % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountMinor / 100);
}
