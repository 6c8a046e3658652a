/** A question and its answer, as the FAQ shows them. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** schema.org FAQPage data, so search engines can show the answers the page shows. */
export function faqPageStructuredData(faqs: readonly FaqEntry[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}
