import type { PurchaseProvider } from "../../../db/schema.ts";

/** How a payment is named to the member, the same on the receipt email and the receipt page. */
export function paymentReference(purchaseId: string): string {
  return purchaseId.slice(0, 8).toUpperCase();
}

export function paymentMethodName(provider: PurchaseProvider): string {
  return provider === "stripe" ? "card" : "PayPal";
}

/** "20 November 2026". */
export function formatPaidOn(at: Date | string): string {
  return new Date(at).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
}

/** Where the buyer downloads one of her invoices or credit notes as a PDF ("2026-0001", "CN-2026-0001"). */
export function invoicePath(number: string): string {
  return `/portal/invoices/${number}.pdf`;
}
