import { Lock } from "#app/components/ui/icons.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { useOptimisticToggle, useProgrammeAction } from "./use-programme-action.ts";

export interface ListenedTrack {
  id: string;
  title: string;
  listened: boolean;
  locked: boolean;
}

/** The dashboard's audio progress: one checkbox per session, for listens away from the app too. */
export function AudioProgress({ tracks }: { tracks: ListenedTrack[] }) {
  return (
    <section
      aria-labelledby="listened-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="listened-heading" className="text-2xl font-semibold">
        Audio progress
      </h2>
      <p className="mt-1 text-ink-soft">Tick the sessions you've listened to, here or anywhere else.</p>
      <div className="mt-4">
        <ListenedList tracks={tracks} />
      </div>
    </section>
  );
}

function ListenedList({ tracks }: { tracks: ListenedTrack[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {tracks.map((track) => (
        <li key={track.id}>
          <ListenedRow track={track} />
        </li>
      ))}
    </ul>
  );
}

function ListenedRow({ track }: { track: ListenedTrack }) {
  const { submit, fetcher } = useProgrammeAction();
  const toggle = useOptimisticToggle(track.listened, fetcher, "listened");
  const checked = toggle.checked;
  const id = `listened-${track.id}`;
  if (track.locked) {
    return (
      <div className="flex min-h-12 items-center gap-3 rounded-2xl border border-dashed border-line bg-white/60 px-4 text-ink-soft">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1 py-2">
          {track.title}
          <span className="sr-only">: in the Complete Course</span>
        </span>
      </div>
    );
  }
  return (
    <div className="flex min-h-12 items-center gap-3 rounded-2xl border border-line bg-white px-4">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          const value = event.currentTarget.checked;
          toggle.set(value);
          void submit({ intent: "toggle-listened", trackId: track.id, listened: String(value) });
        }}
        className="tick-box shrink-0 cursor-pointer"
      />
      <label htmlFor={id} className={cn("flex-1 cursor-pointer py-2", checked && "text-ink-soft")}>
        {track.title}
      </label>
    </div>
  );
}
