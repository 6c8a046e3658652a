import { useEffect, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { formatBytes } from "#app/modules/offline/sizes.ts";
import { canDownload, useDownloads } from "./downloads.ts";

interface Storage {
  used: number;
  available: number | null;
  persisted: boolean;
}

async function readStorage(): Promise<Storage | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota } = await navigator.storage.estimate();
  const persisted = (await navigator.storage.persisted?.()) ?? false;
  return { used: usage, available: quota === undefined ? null : Math.max(0, quota - usage), persisted };
}

/**
 * The profile's "On this device": how much room her downloads and kept pages
 * take and how much is left, and a request that the browser keep them even
 * when the phone runs short of space.
 */
export function DeviceStorage() {
  const [storage, setStorage] = useState<Storage | null>(null);
  const [asked, setAsked] = useState(false);
  const downloads = useDownloads();
  const downloaded = [...downloads.values()].filter((download) => download.status === "downloaded").length;

  useEffect(() => {
    if (canDownload()) void readStorage().then(setStorage);
  }, [downloaded]);

  if (!storage) return null;

  const keep = async () => {
    const persisted = await navigator.storage.persist();
    setAsked(true);
    setStorage({ ...storage, persisted });
  };

  return (
    <section
      aria-labelledby="device-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="device-heading" className="text-2xl font-semibold">
        On this device
      </h2>
      <p className="mt-2 text-ink-soft">
        {downloaded === 0
          ? "No sessions are downloaded here yet: the library's Download buttons keep them for listening offline."
          : `${downloaded === 1 ? "1 session is" : `${downloaded} sessions are`} downloaded here.`}{" "}
        Tidewell uses {formatBytes(storage.used)} of this device's space
        {storage.available === null ? "." : `; about ${formatBytes(storage.available)} more is free for it.`}
      </p>
      <div role="status" className="mt-3">
        {storage.persisted ? (
          <p className="font-medium">Your browser will keep your downloads until you remove them.</p>
        ) : asked ? (
          <p className="font-medium">
            Your browser didn't agree this time. Adding Tidewell to your home screen usually helps; your
            downloads still work meanwhile.
          </p>
        ) : null}
      </div>
      {storage.persisted ? null : (
        <div className="mt-3 grid gap-2">
          <p className="text-ink-soft">
            A browser may clear saved files when a phone runs short of space. Ask yours to keep them, so your
            sessions are there in labour.
          </p>
          <div>
            <Button variant="outline" onClick={keep}>
              Keep my downloads
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
