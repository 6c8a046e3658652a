import { CircleCheck, Download, X } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { formatBytes, percentOf } from "#app/modules/offline/sizes.ts";
import { removeDownload, startDownload, useCanDownload, useDownloads } from "./downloads.ts";

const quiet =
  "relative z-10 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-plum hover:bg-lavender-soft";

/** Download, its progress, or Downloaded with Remove: one session's copy on this device. */
export function DownloadControl({
  trackId,
  title,
  bytes,
}: {
  trackId: string;
  title: string;
  bytes: number | null;
}) {
  // Only a browser that can keep it offers it; the server's render has nothing here.
  const offered = useCanDownload();
  const download = useDownloads().get(trackId);
  if (!offered) return null;

  if (!download) {
    return (
      <button
        type="button"
        className={quiet}
        onClick={async () => {
          const problem = await startDownload(trackId);
          if (problem) toast.error(problem);
        }}
      >
        <Download aria-hidden="true" className="size-4" />
        Download<span className="sr-only"> {title}</span>
        {bytes ? <span className="font-normal text-ink-soft">· {formatBytes(bytes)}</span> : null}
      </button>
    );
  }

  if (download.status === "downloading") {
    const percent = percentOf(download.received, download.total);
    const total = download.total ?? bytes;
    return (
      <span className="relative z-10 flex items-center gap-2 pl-3 text-sm text-ink-soft">
        <progress
          className="h-2 w-24 accent-plum"
          aria-label={`Downloading ${title}`}
          value={download.received}
          max={download.total ?? undefined}
        />
        <span aria-hidden="true">
          {formatBytes(download.received)}
          {total ? ` of ${formatBytes(total)}` : ""} · {percent}%
        </span>
        <button
          type="button"
          className={quiet}
          aria-label={`Stop downloading ${title}`}
          onClick={() => void removeDownload(trackId)}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </span>
    );
  }

  return (
    <span className="relative z-10 flex flex-wrap items-center gap-x-2 pl-3 text-sm">
      <span className="inline-flex items-center gap-1 font-medium text-sage-deep">
        <CircleCheck aria-hidden="true" className="size-4" /> Downloaded
        <span className="font-normal text-ink-soft">· {formatBytes(download.bytes)}</span>
      </span>
      <button type="button" className={quiet} onClick={() => void removeDownload(trackId)}>
        Remove download<span className="sr-only"> of {title}</span>
      </button>
    </span>
  );
}
