import { useEffect, useState } from "react";
import { deviceKey } from "#app/modules/offline/device.ts";
import { indexAt, parseVtt, type Cue } from "#app/modules/transcripts/vtt.ts";

/** Where this device keeps the member's choice of captions: hers, as the rest of what it keeps. */
export const captionsKey = (memberKey: string) => deviceKey(memberKey, "captions");

export function readCaptionsSetting(memberKey: string): boolean {
  try {
    return localStorage.getItem(captionsKey(memberKey)) === "on";
  } catch {
    return false;
  }
}

export function writeCaptionsSetting(memberKey: string, on: boolean) {
  try {
    localStorage.setItem(captionsKey(memberKey), on ? "on" : "off");
  } catch {
    // Private browsing or a full store: captions stay as they are for this visit.
  }
}

// Only captions that arrived are kept: a refusal or a lost signal is asked again next time.
const loaded = new Map<string, Cue[]>();

/**
 * A track's cues, from the same address and with the same rights as its audio;
 * null when there are none to be had (no signal, no longer hers, a file that
 * doesn't read). The player then shows no captions and plays on.
 */
export async function loadCaptions(trackId: string): Promise<Cue[] | null> {
  const known = loaded.get(trackId);
  if (known) return known;
  try {
    const response = await fetch(`/captions/${encodeURIComponent(trackId)}.vtt`, {
      credentials: "same-origin",
    });
    if (!response.ok) return null;
    const reading = parseVtt(await response.text());
    if (!reading.ok) return null;
    loaded.set(trackId, reading.cues);
    return reading.cues;
  } catch {
    return null;
  }
}

/** What is said at this moment: one cue's words, or "" between cues. */
export function captionAt(cues: readonly Cue[] | null | undefined, seconds: number): string {
  return cues?.[indexAt(cues, seconds)]?.text ?? "";
}

/** The track's cues while captions are on: undefined until they arrive, null when there are none. */
export function useCaptionCues(trackId: string | undefined, on: boolean): Cue[] | null | undefined {
  const [found, setFound] = useState<{ trackId: string; cues: Cue[] | null } | null>(null);
  useEffect(() => {
    if (!on || !trackId) return;
    let current = true;
    void loadCaptions(trackId).then((cues) => {
      if (current) setFound({ trackId, cues });
    });
    return () => {
      current = false;
    };
  }, [trackId, on]);
  return on && found && found.trackId === trackId ? found.cues : undefined;
}
