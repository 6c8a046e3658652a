/** The checkout's words: fixed wording, kept word for word (docs/glossary.md). */
export const paymentMessages = {
  unlockHint: "Enter your email above to unlock payment options",
  completeAfterSocial: "Please complete payment to access premium!",
  initFailed: "Failed to initialize payment",
  failed: "Payment failed",
  errored: "An error occurred during payment",
  succeeded: "Payment successful!",
  welcome: "Welcome to Premium! Redirecting to your dashboard...",
  returnedPaid: "Payment successful! The Complete Course is yours: everything is unlocked.",
  verificationFailed: "Payment verification failed",
  paypalFailed: "PayPal payment failed",
  cardProcessing:
    "Your bank is still confirming the payment. Your course unlocks as soon as it does; you'll get an email.",
  paypalCancelled: "You closed PayPal before paying. Nothing was charged.",
  paypalDeclined:
    "PayPal payment failed: PayPal declined it. Nothing was charged; please try again, or pay by card.",
  paypalPending:
    "PayPal is still processing your payment. Your course unlocks as soon as PayPal confirms it; you'll get an email.",
  alreadyOwned: "You already own the Complete Course.",
  /** A birth partner's account: what her course shares is theirs through her, and nothing is sold to them. */
  partnerSeat:
    "As her birth partner, your sessions come with her Complete Course: there's nothing for you to buy.",
  unavailable: "Payments are unavailable at the moment. Please try again later, or write to us.",
  busy: "The payment service isn't answering just now. Nothing was charged; please try again in a minute.",
  /** After the member has paid, our check with the provider failed: the charge may have gone through. */
  confirmLater:
    "The payment service isn't answering just now, so we couldn't confirm your payment. Please try again in a minute: you won't be charged twice. If it went through, your course unlocks as soon as it's confirmed, and you'll get an email.",
} as const;

/** The payment options open only once the email looks like one: it has an '@' and a '.'. */
export function paymentsUnlocked(email: string): boolean {
  return email.includes("@") && email.includes(".");
}
