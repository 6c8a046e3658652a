import { PageIntro } from "#app/components/page-intro.tsx";

/** The course page's opening: what hypnobirthing teaches, and that it works alongside a midwife. */
export function CourseIntro() {
  return (
    <PageIntro eyebrow="The course" title="Calm, practical preparation for birth">
      <p>
        Tidewell teaches simple hypnobirthing skills (slow breathing, deep relaxation, visualisation and
        positive words) that many people find help them feel calmer and more in control, whatever kind of
        birth they have. It works alongside your midwife's care, never instead of it.
      </p>
    </PageIntro>
  );
}
