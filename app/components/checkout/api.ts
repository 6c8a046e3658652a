import type { GiftDetails } from "#app/modules/payments/gifts.ts";

/**
 * The checkout's calls to our own API. The browser sends only where the
 * receipt goes and which payment it means: the server decides the price.
 */
async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  // A refusal becomes an Error carrying the server's own message.
  if (!response.ok) throw new Error(data.error ?? `The server answered ${response.status}`);
  return data;
}

/** The payment's start: where the receipt goes, a code, and the gift it pays for, if it is one. */
const startBody = (email: string, code: string | null, gift: GiftDetails | null) => ({
  email,
  ...(code ? { code } : {}),
  ...(gift ? { gift } : {}),
});

/** `code` is one she typed and the server priced; the server prices it again, and holds one of its uses. */
export const startCardPayment = (email: string, code: string | null, gift: GiftDetails | null = null) =>
  postJson<{ clientSecret: string; paymentIntentId: string }>(
    "/api/create-payment-intent",
    startBody(email, code, gift),
  );

/** Asks the server to check the payment with Stripe itself; only then is the course unlocked. */
export const verifyCardPayment = (paymentIntentId: string) =>
  postJson<{ status: string; premium: boolean }>("/api/confirm-payment", { paymentIntentId });

export const startPayPalOrder = (email: string, code: string | null, gift: GiftDetails | null = null) =>
  postJson<{ id: string }>("/api/create-paypal-order", startBody(email, code, gift));

/** The course's price with a code ("€21.60", and "This code gives €5.40 off"); an Error with why not. */
export const priceCode = (code: string, forGift = false) =>
  postJson<{ price: string; saving: string }>("/api/price-code", forGift ? { code, forGift } : { code });

export const capturePayPalOrder = (orderID: string) =>
  postJson<{ status: string; message?: string }>("/api/capture-paypal-order", { orderID });

export const confirmDemoCard = (paymentIntentId: string, cardNumber: string) =>
  postJson<{ status: string }>("/api/demo/confirm-card", { paymentIntentId, cardNumber });

export const approveDemoOrder = (orderID: string) => postJson("/api/demo/approve-paypal", { orderID });
