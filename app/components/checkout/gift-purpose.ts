import { createContext, useContext } from "react";
import type { GiftDetails } from "#app/modules/payments/gifts.ts";

/**
 * What the checkout is paying for: the member's own course (null), or the
 * course as a gift with what the giver chose. The server reads the gift
 * again, and prices it itself.
 */
export const GiftPurpose = createContext<GiftDetails | null>(null);

export function useGiftPurpose(): GiftDetails | null {
  return useContext(GiftPurpose);
}

/** What the giver is told once her gift is paid for, on her gifts page. */
export const GIFT_PAID = "Thank you: your gift is paid for. It's on your gifts page.";
