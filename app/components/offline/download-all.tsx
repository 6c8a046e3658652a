import { Button } from "#app/components/ui/button.tsx";
import { CircleCheck, Download } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { formatBytes, percentOf } from "#app/modules/offline/sizes.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { startDownload, useCanDownload, useDownloads } from "./downloads.ts";

interface DownloadableTrack {
  id: string;
  title: string;
  bytes: number | null;
}

/** "Download all for labour": the labour sessions she may play, kept on the device in one go. */
export function DownloadAllForLabour({ tracks }: { tracks: DownloadableTrack[] }) {
  const offered = useCanDownload();
  const downloads = useDownloads();
  if (!offered || tracks.length === 0) return null;

  const total = tracks.reduce((sum, track) => sum + (track.bytes ?? 0), 0);
  let received = 0;
  let kept = 0;
  for (const track of tracks) {
    const download = downloads.get(track.id);
    if (download?.status === "downloaded") {
      kept += 1;
      received += track.bytes ?? download.bytes;
    } else if (download?.status === "downloading") {
      received += download.received;
    }
  }
  const busy = tracks.some((track) => downloads.get(track.id)?.status === "downloading");
  const all = kept === tracks.length;

  const downloadAll = async () => {
    // One after another, so the first ones are ready soonest on a slow connection.
    for (const track of tracks) {
      const problem = await startDownload(track.id);
      if (problem) {
        toast.error(problem);
        return;
      }
    }
  };

  return (
    <section
      aria-labelledby="labour-downloads-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-5 shadow-soft"
    >
      <h2 id="labour-downloads-heading" className="text-xl font-semibold">
        Your labour sessions, with or without a signal
      </h2>
      <p className="mt-1 text-ink-soft">
        {countOf(tracks.length, "session")} for labour, {formatBytes(total)} in all, kept on this device so
        they play in the labour room even with no signal.
      </p>
      {busy || (kept > 0 && !all) ? (
        <div className="mt-3 grid gap-1">
          <progress
            className="h-2 w-full accent-plum"
            aria-label="Downloading your labour sessions"
            value={received}
            max={total || undefined}
          />
          <p className="text-sm text-ink-soft">
            {kept} of {tracks.length} · {formatBytes(received)} of {formatBytes(total)} ·{" "}
            {percentOf(received, total)}%
          </p>
        </div>
      ) : null}
      <div className="mt-4">
        {all ? (
          <p className="inline-flex items-center gap-2 font-medium text-sage-deep">
            <CircleCheck aria-hidden="true" className="size-5" /> All {countOf(tracks.length, "session")} are
            on this device.
          </p>
        ) : (
          <Button onClick={downloadAll} disabled={busy}>
            <Download aria-hidden="true" />
            {busy ? "Downloading…" : "Download all for labour"}
          </Button>
        )}
      </div>
    </section>
  );
}
