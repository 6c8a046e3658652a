import type { CourseTier } from "#app/modules/catalogue/tracks.ts";
import type { CoursePageGroup } from "#app/modules/site/course-page.server.ts";
import { countOf } from "#app/modules/words/plural.ts";

/** What each group's count is followed by: who it is open to. */
const OPEN_TO: Record<CourseTier, string> = {
  foundation: " · free",
  preparation: " · Complete Course",
  partner: "",
};

/** "The audio sessions": each group of sessions, with every session's length and description. */
export function CourseGroups({ groups }: { groups: CoursePageGroup[] }) {
  return (
    <section aria-labelledby="sessions-heading" className="container-page">
      <h2 id="sessions-heading" className="text-3xl font-semibold">
        The audio sessions
      </h2>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {groups.map((group) => (
          <section
            key={group.tier}
            aria-labelledby={`group-${group.tier}`}
            className="rounded-[var(--radius-card)] border border-line bg-white p-6"
          >
            <h3 id={`group-${group.tier}`} className="text-xl font-semibold">
              {group.title}
            </h3>
            <p className="text-sm text-ink-soft">
              {group.comingSoon ? "Coming Soon" : countOf(group.tracks.length, "session")}
              {OPEN_TO[group.tier]}
            </p>
            {group.tracks.length > 0 ? (
              <ol className="mt-4 grid gap-3">
                {group.tracks.map((track) => (
                  <li key={track.id}>
                    <p className="flex justify-between gap-3 font-medium">
                      {track.title}
                      {track.duration ? (
                        <span className="shrink-0 text-sm font-normal text-ink-soft">{track.duration}</span>
                      ) : null}
                    </p>
                    <p className="text-sm text-ink-soft">{track.description}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-4 text-ink-soft">Sessions made for birth partners are on their way.</p>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
