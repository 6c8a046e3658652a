import type { Price } from "#app/modules/payments/price.ts";
import { BRAND } from "./brand.ts";

/** The price as schema.org writes it: "27.00" and its currency. */
export interface StructuredOffer {
  amount: string;
  currency: string;
}

export function structuredOffer({ amountMinor, currency }: Price): StructuredOffer {
  return { amount: (amountMinor / 100).toFixed(2), currency };
}

/**
 * The course page's schema.org Course: the free Foundation Course and the paid
 * Complete Course, described in the owner's words (the page's search description).
 */
export function courseStructuredData(baseUrl: string, offer: StructuredOffer, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: `${BRAND.name} Complete Hypnobirthing Course`,
    description,
    provider: { "@type": "Organization", name: BRAND.name, url: baseUrl },
    inLanguage: "en-GB",
    offers: [
      {
        "@type": "Offer",
        price: "0",
        priceCurrency: offer.currency,
        category: "Free",
        name: "Foundation Course",
      },
      {
        "@type": "Offer",
        price: offer.amount,
        priceCurrency: offer.currency,
        category: "Paid",
        name: "Complete Course",
      },
    ],
    hasCourseInstance: { "@type": "CourseInstance", courseMode: "online", courseWorkload: "PT15M" },
  };
}
