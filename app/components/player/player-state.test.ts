import { describe, expect, it } from "vitest";
import { playDetailOf } from "./player-context.tsx";
import { initialPlayerState, playerReducer, type PlayerAction, type PlayerState } from "./player-state.ts";

const one = playDetailOf("affirmations-purpose")!;
const two = playDetailOf("affirmations-2")!;

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);

/** Affirmations One, 42 seconds into its 300. */
const playing = run(
  initialPlayerState,
  { type: "play", track: one },
  { type: "duration", seconds: 300 },
  { type: "playing" },
  { type: "position", seconds: 42 },
);
const paused = run(playing, { type: "paused" });

describe("playerReducer", () => {
  it("starts empty, paused, at full volume, without captions", () => {
    expect(initialPlayerState).toEqual({
      track: null,
      status: "paused",
      currentTime: 0,
      duration: 0,
      volume: 1,
      muted: false,
      captions: false,
    });
  });

  it("loads a chosen track from the start, then plays it", () => {
    const loading = run(initialPlayerState, { type: "play", track: one });
    expect(loading).toMatchObject({ track: one, status: "loading", currentTime: 0, duration: 0 });
    expect(run(loading, { type: "playing" }).status).toBe("playing");
    expect(playing).toMatchObject({ track: one, status: "playing", currentTime: 42, duration: 300 });
  });

  it("moves to the next or previous track from the start, forgetting where the last one was", () => {
    const next = run(playing, { type: "play", track: two });
    expect(next).toEqual({ ...playing, track: two, status: "loading", currentTime: 0, duration: 0 });
    expect(run(next, { type: "play", track: one })).toMatchObject({ track: one, status: "loading" });
  });

  it("pauses where it is, and resumes from there", () => {
    expect(paused).toEqual({ ...playing, status: "paused" });
    expect(run(paused, { type: "playing" })).toEqual(playing);
  });

  it("shows loading while the element waits for data mid-listen, and playing when it carries on", () => {
    const waiting = run(playing, { type: "waiting" });
    expect(waiting).toEqual({ ...playing, status: "loading" });
    expect(run(waiting, { type: "playing" })).toEqual(playing);
  });

  it("stops at the end of a track, keeping it in the player", () => {
    const ended = run(playing, { type: "position", seconds: 300 }, { type: "ended" });
    expect(ended).toMatchObject({ track: one, status: "paused", currentTime: 300, duration: 300 });
  });

  it("keeps the track, position and status when a fresh signed URL replaces an expiring one", () => {
    expect(run(playing, { type: "re-signed" })).toBe(playing);
    expect(run(paused, { type: "re-signed" })).toBe(paused);
  });

  it("stops when loading or playing fails, keeping the track so Play can try again", () => {
    const loading = run(initialPlayerState, { type: "play", track: one });
    expect(run(loading, { type: "failed" })).toEqual({ ...loading, status: "paused" });
    expect(run(playing, { type: "failed" })).toEqual(paused);
  });

  it("follows seeking, and shows no length until the element knows it", () => {
    expect(run(playing, { type: "position", seconds: 60 }).currentTime).toBe(60);
    expect(run(playing, { type: "duration", seconds: Number.NaN }).duration).toBe(0);
    expect(run(playing, { type: "duration", seconds: Number.POSITIVE_INFINITY }).duration).toBe(0);
  });

  it("sets the volume between 0 and 1, muted at 0, and unmutes to the volume it is given", () => {
    expect(run(playing, { type: "volume", volume: 0.3 })).toMatchObject({ volume: 0.3, muted: false });
    expect(run(playing, { type: "volume", volume: 1.5 })).toMatchObject({ volume: 1, muted: false });
    expect(run(playing, { type: "volume", volume: -1 })).toMatchObject({ volume: 0, muted: true });
    const muted = run(playing, { type: "volume", volume: 0.3 }, { type: "mute" });
    expect(muted).toMatchObject({ volume: 0.3, muted: true });
    expect(run(muted, { type: "unmute", volume: 0.3 })).toMatchObject({ volume: 0.3, muted: false });
    expect(run(playing, { type: "volume", volume: 0 }, { type: "unmute", volume: 0.5 })).toMatchObject({
      volume: 0.5,
      muted: false,
    });
  });

  it("closes to an empty player, keeping the volume", () => {
    const quiet = run(playing, { type: "volume", volume: 0.4 });
    expect(run(quiet, { type: "close" })).toMatchObject({ track: null, status: "paused", volume: 0.4 });
  });

  it("turns captions on and off, and keeps the choice from track to track and past closing", () => {
    const captioned = run(playing, { type: "captions", on: true });
    expect(captioned.captions).toBe(true);
    expect(run(captioned, { type: "play", track: two }, { type: "close" }).captions).toBe(true);
    expect(run(captioned, { type: "captions", on: false }).captions).toBe(false);
    expect(run(captioned, { type: "captions", on: true })).toBe(captioned);
  });

  describe("changes nothing for an action that makes no sense now", () => {
    const muted = run(playing, { type: "mute" });
    const closed = run(playing, { type: "close" });
    it.each<[string, PlayerState, PlayerAction]>([
      ["pause while paused", paused, { type: "paused" }],
      ["end while paused", paused, { type: "ended" }],
      ["fail while paused", paused, { type: "failed" }],
      ["wait for data while paused", paused, { type: "waiting" }],
      ["play on while playing", playing, { type: "playing" }],
      ["the same position again", playing, { type: "position", seconds: 42 }],
      ["the same length again", playing, { type: "duration", seconds: 300 }],
      ["mute while muted", muted, { type: "mute" }],
      ["play on with nothing in the player", initialPlayerState, { type: "playing" }],
      ["wait for data with nothing in the player", closed, { type: "waiting" }],
      ["a fresh URL with nothing in the player", initialPlayerState, { type: "re-signed" }],
      ["close when already closed", closed, { type: "close" }],
    ])("%s", (_name, state, action) => {
      expect(playerReducer(state, action)).toBe(state);
    });
  });

  it("never changes the state it is given", () => {
    const before = structuredClone(playing);
    run(playing, { type: "play", track: two }, { type: "volume", volume: 0 }, { type: "close" });
    expect(playing).toEqual(before);
  });
});
