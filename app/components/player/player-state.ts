import type { PlayAudioDetail } from "./play-event.ts";

/**
 * What the bottom player shows, and every change to it, kept apart from the
 * <audio> element, the network and React: player-context.tsx does those and
 * dispatches here what happened. A failed load's message is a toast, not state.
 */

/** "loading" from choosing a track, or while the element waits for data, until it plays. */
type PlayerStatus = "loading" | "playing" | "paused";

export interface PlayerState {
  /** The track in the player; null while it offers today's practice instead. */
  track: PlayAudioDetail | null;
  status: PlayerStatus;
  /** Seconds into the track, as the element last reported or was sought to. */
  currentTime: number;
  /** Seconds; 0 until the element knows. */
  duration: number;
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  /** Whether the member asked for captions: kept on this device, and across tracks. */
  captions: boolean;
}

export type PlayerAction =
  /** The member chose a track (previous and next too): it loads from the start until its place is found. */
  | { type: "play"; track: PlayAudioDetail }
  /** The element started or resumed playing (its play and playing events). */
  | { type: "playing" }
  /** The element paused: the member, a headset, the lock screen, or closing. */
  | { type: "paused" }
  /** The element ran out of data and waits for more. */
  | { type: "waiting" }
  /** The track played to its end. */
  | { type: "ended" }
  /** A fresh signed URL replaced one near or past its expiry; the element picks up at the same second. */
  | { type: "re-signed" }
  /** Loading or playing failed (the member sees a toast when there is something to say). */
  | { type: "failed" }
  /** The element's position moved: it played on, or the member sought. */
  | { type: "position"; seconds: number }
  /** The element learnt the track's length (NaN or Infinity while it doesn't know). */
  | { type: "duration"; seconds: number }
  | { type: "volume"; volume: number }
  | { type: "mute" }
  /** Unmuted, back to `volume`. */
  | { type: "unmute"; volume: number }
  /** The member closed the player. */
  | { type: "close" }
  /** Captions on or off: the member's choice, or the one this device remembered. */
  | { type: "captions"; on: boolean };

export const initialPlayerState: PlayerState = {
  track: null,
  status: "paused",
  currentTime: 0,
  duration: 0,
  volume: 1,
  muted: false,
  captions: false,
};

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "play":
      return patch(state, { track: action.track, status: "loading", currentTime: 0, duration: 0 });
    case "playing":
      return state.track ? patch(state, { status: "playing" }) : state;
    case "waiting":
      // Waiting for data while paused is not loading: the member hasn't asked for anything.
      return state.track && state.status !== "paused" ? patch(state, { status: "loading" }) : state;
    case "paused":
    case "ended":
    case "failed":
      return patch(state, { status: "paused" });
    case "re-signed":
      // Same track, same second, same status: only the URL behind it changed.
      return state;
    case "position":
      return patch(state, { currentTime: action.seconds });
    case "duration":
      return patch(state, { duration: Number.isFinite(action.seconds) ? action.seconds : 0 });
    case "volume": {
      const volume = Math.min(1, Math.max(0, action.volume));
      return patch(state, { volume, muted: volume === 0 });
    }
    case "mute":
      return patch(state, { muted: true });
    case "unmute":
      return patch(state, { volume: action.volume, muted: false });
    case "close":
      return patch(state, { track: null, status: "paused" });
    case "captions":
      return patch(state, { captions: action.on });
  }
}

/** The state with `changes`, or the very same state when they change nothing, so React skips a render. */
function patch(state: PlayerState, changes: Partial<PlayerState>): PlayerState {
  const keys = Object.keys(changes) as (keyof PlayerState)[];
  return keys.every((key) => Object.is(state[key], changes[key])) ? state : { ...state, ...changes };
}
