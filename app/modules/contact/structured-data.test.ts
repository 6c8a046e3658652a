import { describe, expect, it } from "vitest";
import { faqPageStructuredData } from "./structured-data.ts";

describe("faqPageStructuredData", () => {
  it("describes each question with its accepted answer, in order", () => {
    expect(
      faqPageStructuredData([
        { question: "How quickly will you reply?", answer: "Within 24 hours on business days." },
        { question: "Can I take the course anywhere?", answer: "Yes, 24/7." },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "How quickly will you reply?",
          acceptedAnswer: { "@type": "Answer", text: "Within 24 hours on business days." },
        },
        {
          "@type": "Question",
          name: "Can I take the course anywhere?",
          acceptedAnswer: { "@type": "Answer", text: "Yes, 24/7." },
        },
      ],
    });
  });
});
