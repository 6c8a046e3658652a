import { ArticleReader } from "#app/components/articles.tsx";
import { Art } from "#app/components/art.tsx";
import { HowItWorks } from "#app/components/course/how-it-works.tsx";
import { CourseIntro } from "#app/components/course/intro.tsx";
import { StartOptions } from "#app/components/course/start-options.tsx";
import { Voices } from "#app/components/home/voices.tsx";
import type { About, Article, CourseWords, Faq, Story, Testimonial } from "#app/modules/catalogue/pieces.ts";

export type PiecePage =
  | { kind: "article"; value: Article }
  | { kind: "story"; value: Story }
  | { kind: "faq"; value: Faq }
  | { kind: "testimonial"; value: Testimonial }
  | { kind: "about"; value: About }
  | { kind: "course"; value: CourseWords; price: string };

/**
 * A piece as the site shows it, drawn by the site's own components and
 * styles from the HTML the server rendered for it (the same rendering the
 * public page uses). Inert: its links and buttons are to look at.
 */
export function WordsPreview({ page }: { page: PiecePage }) {
  return (
    <div inert className="overflow-hidden rounded-2xl border border-ink/10 bg-cream">
      <PreviewBody page={page} />
    </div>
  );
}

function PreviewBody({ page }: { page: PiecePage }) {
  switch (page.kind) {
    case "article":
      return (
        <ArticleReader
          article={page.value}
          backTo="/hypno-science"
          callToAction={{
            title: "Put it into practice",
            text: "The free Foundation Course gives you two calming audio sessions and three guides. No card needed.",
            label: "Start the free course",
            to: "/auth?tier=free",
          }}
        />
      );
    case "story":
      return (
        <article className="container-page max-w-3xl py-10">
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">
            {page.value.birthType} · {page.value.name}&apos;s story
          </p>
          <h2 className="mt-2 text-4xl font-semibold">{page.value.title}</h2>
          <Art
            seed={page.value.slug}
            colour={page.value.colour}
            motif="moon"
            className="mt-8 aspect-[5/2] w-full rounded-[var(--radius-card)]"
          />
          <div className="prose-calm mt-8" dangerouslySetInnerHTML={{ __html: page.value.html }} />
        </article>
      );
    case "about":
      return (
        <article className="container-page py-10">
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">About us</p>
          <h2 className="mt-2 text-4xl font-semibold">{page.value.title}</h2>
          <p className="mt-4 measure text-lg text-ink-soft">
            {page.value.founder}, founder of Tidewell: a computer scientist and a mother.
          </p>
          <div className="prose-calm mt-12" dangerouslySetInnerHTML={{ __html: page.value.html }} />
        </article>
      );
    case "course":
      return (
        <>
          <CourseIntro title={page.value.title} html={page.value.html} />
          <HowItWorks steps={page.value.steps} />
          <StartOptions price={page.price} words={page.value} />
        </>
      );
    case "faq":
      return (
        <div className="container-page py-6">
          <details open className="border-y border-line">
            <summary className="flex min-h-14 list-none items-center py-4 font-serif text-lg font-semibold text-ink">
              {page.value.question}
            </summary>
            <p className="measure pb-6 text-ink-soft">{page.value.answer}</p>
          </details>
        </div>
      );
    case "testimonial":
      return <Voices testimonials={[page.value as Testimonial]} />;
  }
}
