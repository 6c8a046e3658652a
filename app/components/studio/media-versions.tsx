import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";

export interface ShownVersion {
  version: number;
  bytes: number;
  seconds: number | null;
  pages: number | null;
  createdAt: string;
  live: boolean;
  publishedAt: string | null;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * An item's versions, newest first: which one members get, and a button to
 * publish any other (a new one, or an earlier one again). Older versions are
 * never deleted: a member mid-listen keeps playing the one she started.
 */
function MediaVersions({
  kind,
  id,
  title,
  versions,
}: {
  kind: "recording" | "guide";
  id: string;
  title: string;
  versions: ShownVersion[];
}) {
  const when = useStudioTime();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-label={`Versions of ${title}`} className="rounded-2xl border border-ink/10 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-2 grid gap-2">
        {versions.map((v) => (
          <li key={v.version} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              Version {v.version}
              {v.version === 1 ? " (the first)" : ""}:{" "}
              {v.seconds !== null
                ? `${Math.max(1, Math.round(v.seconds / 60))} min`
                : `${v.pages ?? 0} pages`}
              , {size(v.bytes)}, {v.version === 1 ? "from the start" : `uploaded ${when(v.createdAt)}`}
            </span>
            {v.live ? (
              <span className="rounded-full bg-plum px-2 text-sm text-cream">Members get this one</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="publish" />
                <input type="hidden" name="kind" value={kind} />
                <input type="hidden" name="id" value={id} />
                <input type="hidden" name="version" value={v.version} />
                <Button
                  type="submit"
                  size="sm"
                  variant={v.publishedAt || v.version === 1 ? "outline" : "primary"}
                  disabled={busy}
                >
                  {v.publishedAt || v.version === 1 ? "Restore" : "Publish"}
                  <span className="sr-only">
                    {" "}
                    version {v.version} of {title}
                  </span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Versions section of the content page: every session and guide that has versions, each with its own. */
export function VersionsOfContent({
  tracks,
  guides,
  versions,
}: {
  tracks: { id: string; title: string }[];
  guides: { id: string; title: string }[];
  versions: Record<string, ShownVersion[]>;
}) {
  const withVersions = [
    ...tracks.map((t) => ({ kind: "recording" as const, id: t.id, title: t.title })),
    ...guides.map((g) => ({ kind: "guide" as const, id: g.id, title: g.title })),
  ].filter((item) => versions[`${item.kind}/${item.id}`]);
  if (withVersions.length === 0) return null;
  return (
    <>
      <h2 className="mt-8 text-xl font-semibold">Versions</h2>
      <div className="mt-3 grid gap-3">
        {withVersions.map((item) => (
          <MediaVersions
            key={`${item.kind}/${item.id}`}
            {...item}
            versions={versions[`${item.kind}/${item.id}`]!}
          />
        ))}
      </div>
    </>
  );
}
