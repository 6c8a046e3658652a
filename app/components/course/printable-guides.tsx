import { Lock } from "#app/components/ui/icons.tsx";
import type { CoursePageGuide } from "#app/modules/site/course-page.server.ts";

/** "The printable guides": each guide with its page count, marked free or Complete Course. */
export function PrintableGuides({ guides }: { guides: CoursePageGuide[] }) {
  return (
    <section aria-labelledby="guides-heading" className="container-page py-16">
      <h2 id="guides-heading" className="text-3xl font-semibold">
        The printable guides
      </h2>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {guides.map((guide) => (
          <li
            key={guide.id}
            className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-white px-5 py-4"
          >
            <span>
              <span className="block font-medium">{guide.title}</span>
              <span className="text-sm text-ink-soft">{guide.pages}</span>
            </span>
            <span
              className={
                guide.isFree
                  ? "rounded-full bg-sage-soft px-3 py-1 text-sm font-medium text-sage-deep"
                  : "inline-flex items-center gap-1 rounded-full bg-lavender-soft px-3 py-1 text-sm font-medium text-plum-deep"
              }
            >
              {guide.isFree ? (
                "Free"
              ) : (
                <>
                  <Lock aria-hidden="true" className="size-3.5" /> Complete Course
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
