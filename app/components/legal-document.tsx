/** A legal document from content/legal, readable and dated. */
export function LegalDocument({ title, updated, html }: { title: string; updated: string; html: string }) {
  const date = new Date(`${updated}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return (
    <article className="container-page py-12 md:py-16">
      <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Legal</p>
      <h1 className="mt-2 text-4xl font-semibold md:text-5xl">{title}</h1>
      <p className="mt-3 text-ink-soft">Last updated {date}</p>
      <div className="prose-calm mt-10" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
