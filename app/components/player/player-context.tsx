import {
  startTransition,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from "react";
import { downloadedSource } from "#app/components/offline/downloads.ts";
import { queueForSync } from "#app/components/offline/offline-support.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { COURSE_GROUPS, findTrack } from "#app/modules/catalogue/tracks.ts";
import { deviceKey } from "#app/modules/offline/device.ts";
import { newKey } from "#app/modules/offline/outbox.ts";
import {
  needsFreshUrl,
  COURSE_ORDER,
  neighbours,
  resumeFrom,
  volumeAfterUnmute,
  type Position,
} from "#app/modules/listening/player.ts";
import { readCaptionsSetting, writeCaptionsSetting } from "./captions.ts";
import { PLAY_AUDIO_EVENT, type PlayAudioDetail } from "./play-event.ts";
import { initialPlayerState, playerReducer, type PlayerState } from "./player-state.ts";

/**
 * The bottom player's state and its one <audio> element. It lives in the
 * portal layout, which stays mounted while the member moves between portal
 * pages, so the music does not stop.
 */
interface PlayerContextValue extends PlayerState {
  previous: PlayAudioDetail | null;
  next: PlayAudioDetail | null;
  /** Starts a track where she left it, or at `from` seconds. */
  play(detail: PlayAudioDetail, from?: number): void;
  toggle(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleCaptions(): void;
  close(): void;
}

const PlayerContext = createContext<PlayerContextValue | null>(null);

export function usePlayer(): PlayerContextValue {
  const player = useContext(PlayerContext);
  if (!player) throw new Error("usePlayer must be used within a PlayerProvider");
  return player;
}

const SAVE_EVERY_MS = 15_000;

/** What the player needs of a catalogue track, or null for an id the catalogue doesn't have. */
export function playDetailOf(trackId: string | undefined): PlayAudioDetail | null {
  const track = trackId ? findTrack(trackId) : undefined;
  return track
    ? { id: track.id, title: track.title, audioFile: track.audioFile, courseTier: track.courseTier }
    : null;
}

/** Where she is in a track, kept on the device under her member key. */
function readDevicePosition(memberKey: string, trackId: string): Position | null {
  try {
    const raw = localStorage.getItem(deviceKey(memberKey, "position", trackId));
    return raw ? (JSON.parse(raw) as Position) : null;
  } catch {
    return null;
  }
}

function writeDevicePosition(memberKey: string, trackId: string, seconds: number) {
  try {
    localStorage.setItem(
      deviceKey(memberKey, "position", trackId),
      JSON.stringify({ seconds, savedAt: new Date().toISOString() }),
    );
  } catch {
    // Private browsing or a full store: the server copy still has it.
  }
}

/**
 * Tells the server where she is in a track, or that she finished it.
 * A position is sent once and never queued: this device keeps its own copy
 * (writeDevicePosition) and the player resumes from the later of the two, so
 * a position arriving late could only take her back.
 * A finished listen is a play to count, so it goes through the device's
 * outbox with an id of its own: sent at once with a signal, kept until the
 * signal returns without one, in order with any kept before it, and counted
 * once however often it is sent.
 */
function reportProgress(trackId: string, body: { positionSeconds: number } | { finished: true }) {
  if ("finished" in body) {
    void reportFinished(trackId);
    return;
  }
  postProgress(trackId, body);
}

async function reportFinished(trackId: string) {
  const listenId = newKey();
  if (await queueForSync({ kind: "progress", trackId }, listenId)) return;
  // No outbox here (no IndexedDB): straight to the server, as the player always did.
  postProgress(trackId, { finished: true, listenId });
}

function postProgress(
  trackId: string,
  body: { positionSeconds: number } | { finished: true; listenId: string },
) {
  void fetch(`/api/audio/${encodeURIComponent(trackId)}/progress`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
}

interface SignedUrl {
  url: string;
  expiresAt: string;
  position: Position | null;
}

async function fetchSignedUrl(trackId: string): Promise<SignedUrl> {
  const response = await fetch(`/api/audio/${encodeURIComponent(trackId)}/signed-url`, { method: "POST" });
  const body = (await response.json().catch(() => ({}))) as Partial<SignedUrl> & { error?: string };
  if (!response.ok || !body.url)
    throw new Error(body.error ?? "This session couldn't be loaded. Please try again.");
  return body as SignedUrl;
}

/**
 * `memberKey`: the signed-in member's, whose positions and captions choice the device keeps.
 * `sessionOrder`: the sessions she is offered, in the owner's order, for previous and next.
 */
export function PlayerProvider({
  memberKey,
  sessionOrder = COURSE_ORDER,
  children,
}: {
  memberKey: string;
  sessionOrder?: readonly string[];
  children: ReactNode;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const signed = useRef<{ url: string; expiresAt: number } | null>(null);
  const refreshing = useRef(false);
  // The track the element is loading or playing, known at once: the state's `track` follows in a
  // transition, and a refused stream can arrive before it has.
  const loadedTrackId = useRef<string | null>(null);
  // Each load's number: a URL that arrives after a newer load (or Close) began is dropped.
  const latestLoad = useRef(0);
  const lastSaved = useRef(0);
  const volumeBeforeMute = useRef(1);
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const { track, status, muted } = state;

  const savePosition = useCallback(
    (trackId: string, seconds: number) => {
      writeDevicePosition(memberKey, trackId, seconds);
      reportProgress(trackId, { positionSeconds: Math.round(seconds * 10) / 10 });
      lastSaved.current = Date.now();
    },
    [memberKey],
  );

  /** Gets a fresh URL and puts it in place, at `from` seconds. */
  const load = useCallback(
    async (trackId: string, from: number | null, autoplay: boolean) => {
      const element = audio.current;
      if (!element) return;
      const ticket = ++latestLoad.current;
      // A session downloaded on the device plays from there, with or without a signal; its address never expires.
      const downloaded = await downloadedSource(trackId);
      const fresh = downloaded
        ? { url: downloaded, expiresAt: null, position: null }
        : await fetchSignedUrl(trackId);
      if (ticket !== latestLoad.current) return;
      signed.current = {
        url: fresh.url,
        expiresAt: fresh.expiresAt ? Date.parse(fresh.expiresAt) : Number.POSITIVE_INFINITY,
      };
      const start = from ?? resumeFrom(readDevicePosition(memberKey, trackId), fresh.position);
      element.src = fresh.url;
      dispatch({ type: "re-signed" });
      if (start > 0) {
        element.addEventListener("loadedmetadata", () => (element.currentTime = start), { once: true });
      }
      if (autoplay) await element.play();
    },
    [memberKey],
  );

  const play = useCallback(
    (detail: PlayAudioDetail, from?: number) => {
      const element = audio.current;
      if (element && track && !element.paused) savePosition(track.id, element.currentTime);
      loadedTrackId.current = detail.id;
      // The player appears in a transition, so the tap is painted first (INP).
      startTransition(() => dispatch({ type: "play", track: detail }));
      load(detail.id, from ?? null, true).catch((error: Error) => {
        dispatch({ type: "failed" });
        if (error.name !== "AbortError") toast.error(error.message);
      });
    },
    [load, savePosition, track],
  );

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element || !track) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    // A URL close to expiry is swapped before playing on, at the same moment.
    if (signed.current && needsFreshUrl(signed.current.expiresAt, Date.now())) {
      void load(track.id, element.currentTime, true).catch((error: Error) => toast.error(error.message));
      return;
    }
    void element.play().catch(() => dispatch({ type: "failed" }));
  }, [load, track]);

  const seek = useCallback((seconds: number) => {
    const element = audio.current;
    if (!element || !Number.isFinite(seconds)) return;
    element.currentTime = Math.min(Math.max(0, seconds), element.duration || seconds);
    dispatch({ type: "position", seconds: element.currentTime });
  }, []);

  const setVolume = useCallback((value: number) => {
    const element = audio.current;
    const clamped = Math.min(1, Math.max(0, value));
    if (element) {
      element.volume = clamped;
      element.muted = clamped === 0;
    }
    dispatch({ type: "volume", volume: clamped });
  }, []);

  const toggleMute = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    if (muted || element.volume === 0) {
      const restored = volumeAfterUnmute(volumeBeforeMute.current);
      element.muted = false;
      element.volume = restored;
      dispatch({ type: "unmute", volume: restored });
    } else {
      volumeBeforeMute.current = element.volume;
      element.muted = true;
      dispatch({ type: "mute" });
    }
  }, [muted]);

  const toggleCaptions = useCallback(() => {
    writeCaptionsSetting(memberKey, !state.captions);
    dispatch({ type: "captions", on: !state.captions });
  }, [state.captions, memberKey]);

  // The device's choice, once hydrated (the server can't know it).
  useEffect(() => {
    if (readCaptionsSetting(memberKey)) dispatch({ type: "captions", on: true });
  }, [memberKey]);

  const close = useCallback(() => {
    const element = audio.current;
    if (element && track) {
      if (element.currentTime > 0) savePosition(track.id, element.currentTime);
      element.pause();
      element.removeAttribute("src");
      element.load();
    }
    signed.current = null;
    loadedTrackId.current = null;
    latestLoad.current += 1;
    dispatch({ type: "close" });
  }, [savePosition, track]);

  // Any page can start a track with the playAudioTrack event.
  useEffect(() => {
    const onPlay = (event: CustomEvent<PlayAudioDetail>) => play(event.detail);
    window.addEventListener(PLAY_AUDIO_EVENT, onPlay);
    return () => window.removeEventListener(PLAY_AUDIO_EVENT, onPlay);
  }, [play]);

  const { previous, next } = useMemo(() => {
    const found = track ? neighbours(track.id, sessionOrder) : { previous: null, next: null };
    return { previous: playDetailOf(found.previous?.id), next: playDetailOf(found.next?.id) };
  }, [track, sessionOrder]);

  // Lock screens and headsets: what is playing, and the controls that work on it.
  useEffect(() => {
    if (!track || !("mediaSession" in navigator)) return;
    const group = COURSE_GROUPS.find((g) => g.tier === track.courseTier)?.title ?? "Tidewell";
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.title,
      artist: "Tidewell",
      album: group,
      artwork: [{ src: "/artwork-512.png", sizes: "512x512", type: "image/png" }],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => toggle()],
      ["pause", () => audio.current?.pause()],
      ["seekbackward", (d) => seek((audio.current?.currentTime ?? 0) - (d.seekOffset ?? 10))],
      ["seekforward", (d) => seek((audio.current?.currentTime ?? 0) + (d.seekOffset ?? 10))],
      ["seekto", (d) => seek(d.seekTime ?? 0)],
      ["previoustrack", previous ? () => play(previous) : null],
      ["nexttrack", next ? () => play(next) : null],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // This browser doesn't offer that action.
      }
    }
  }, [track, previous, next, toggle, seek, play]);

  const value = useMemo<PlayerContextValue>(
    () => ({ ...state, previous, next, play, toggle, seek, setVolume, toggleMute, toggleCaptions, close }),
    [state, previous, next, play, toggle, seek, setVolume, toggleMute, toggleCaptions, close],
  );

  return (
    <PlayerContext.Provider value={value}>
      {children}
      {/* The player shows the captions itself (bottom-player.tsx), from the same file a <track> would name. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        preload="metadata"
        onPlay={() => dispatch({ type: "playing" })}
        onPause={() => {
          dispatch({ type: "paused" });
          if (track && audio.current && !audio.current.ended)
            savePosition(track.id, audio.current.currentTime);
        }}
        onWaiting={() => dispatch({ type: "waiting" })}
        onPlaying={() => dispatch({ type: "playing" })}
        onTimeUpdate={(event) => {
          const element = event.currentTarget;
          dispatch({ type: "position", seconds: element.currentTime });
          if (track && !element.paused && Date.now() - lastSaved.current > SAVE_EVERY_MS) {
            savePosition(track.id, element.currentTime);
          }
          if ("mediaSession" in navigator && element.duration) {
            navigator.mediaSession.setPositionState?.({
              duration: element.duration,
              position: Math.min(element.currentTime, element.duration),
              playbackRate: element.playbackRate,
            });
          }
        }}
        onSeeked={(event) => dispatch({ type: "position", seconds: event.currentTarget.currentTime })}
        onDurationChange={(event) => dispatch({ type: "duration", seconds: event.currentTarget.duration })}
        onEnded={() => {
          dispatch({ type: "ended" });
          if (!track) return;
          writeDevicePosition(memberKey, track.id, 0);
          reportProgress(track.id, { finished: true });
        }}
        onError={() => {
          // Most often the signed URL ran out mid-listen: fetch a new one and carry on from here, once.
          const element = audio.current;
          const trackId = loadedTrackId.current;
          if (!trackId || !element || refreshing.current) return;
          refreshing.current = true;
          const at = element.currentTime;
          // A state still behind play() means the track was just asked to play.
          const wasPlaying = track?.id !== trackId || status !== "paused";
          load(trackId, at, wasPlaying)
            .catch((error: Error) => {
              dispatch({ type: "failed" });
              toast.error(error.message);
            })
            .finally(() => {
              refreshing.current = false;
            });
        }}
      />
    </PlayerContext.Provider>
  );
}
