import { PageIntro } from "#app/components/page-intro.tsx";

/** The course page's opening: the owner's headline and introduction (rendered from her Markdown). */
export function CourseIntro({ title, html }: { title: string; html: string }) {
  return (
    <PageIntro eyebrow="The course" title={title}>
      <div className="grid gap-4" dangerouslySetInnerHTML={{ __html: html }} />
    </PageIntro>
  );
}
