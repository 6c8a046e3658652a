import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceKey } from "#app/modules/offline/device.ts";
import { playDetailOf, PlayerProvider, usePlayer } from "./player-context.tsx";
import { stubMediaPlayback } from "../../../tests/support/media-element.ts";

const relaxation = playDetailOf("pregnancy-relaxation")!;
const affirmations = playDetailOf("affirmations-purpose")!;

/** Each signed-URL request, answered when the test says. */
let pending: { trackId: string; answer: () => void }[] = [];
const MEMBER_KEY = "Mk0000000000000000000a";
const renderPlayer = () =>
  renderHook(() => usePlayer(), {
    wrapper: ({ children }) => <PlayerProvider memberKey={MEMBER_KEY}>{children}</PlayerProvider>,
  }).result;

beforeEach(() => {
  pending = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      const trackId = decodeURIComponent(url.split("/")[3]!);
      return new Promise<Response>((resolve) => {
        pending.push({
          trackId,
          answer: () =>
            resolve(
              Response.json({
                url: `/media/audio/${trackId}.mp3?sig=1`,
                expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
                position: 0,
              }),
            ),
        });
      });
    }),
  );
  stubMediaPlayback();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const audioSrc = () => document.querySelector("audio")!.getAttribute("src");
/** Answers the track's URL request, once the player has asked (after looking for a download on the device). */
const answer = async (trackId: string) => {
  const request = await vi.waitFor(() => {
    const asked = pending.find((request) => request.trackId === trackId);
    if (!asked) throw new Error(`no URL asked for ${trackId} yet`);
    return asked;
  });
  await act(async () => request.answer());
};

describe("the player's signed URLs", () => {
  it("drops a URL that arrives after the member closed the player: nothing plays", async () => {
    const player = renderPlayer();
    act(() => player.current.play(relaxation));
    act(() => player.current.close());
    await answer(relaxation.id);
    expect(audioSrc()).toBeNull();
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    expect(player.current.track).toBeNull();
  });

  it("plays the track chosen last, whichever URL arrives first", async () => {
    const player = renderPlayer();
    act(() => player.current.play(relaxation));
    act(() => player.current.play(affirmations));
    await answer(affirmations.id);
    await answer(relaxation.id);
    expect(audioSrc()).toBe("/media/audio/affirmations-purpose.mp3?sig=1");
    expect(player.current.track?.id).toBe(affirmations.id);
  });
});

describe("a refused stream", () => {
  it("fetches a new URL and plays on, even when refused before the player has appeared", async () => {
    const player = renderPlayer();
    const audio = document.querySelector("audio")!;
    // In one act: React renders nothing until it ends, as on a phone too busy to show the player
    // before the server has answered and refused the stream.
    await act(async () => {
      player.current.play(relaxation);
      await vi.waitFor(() => expect(pending).toHaveLength(1));
      pending[0]!.answer();
      await vi.waitFor(() => expect(audioSrc()).not.toBeNull());
      audio.dispatchEvent(new Event("error"));
    });
    await vi.waitFor(() => expect(pending.filter((r) => r.trackId === relaxation.id)).toHaveLength(2));
    await act(async () => pending.at(-1)!.answer());
    await vi.waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2));
    expect(player.current.track?.id).toBe(relaxation.id);
  });
});

describe("starting a track at a time", () => {
  it("plays from the time asked for (a transcript's paragraph), not from where she left it", async () => {
    localStorage.setItem(
      deviceKey(MEMBER_KEY, "position", relaxation.id),
      JSON.stringify({ seconds: 200, savedAt: new Date().toISOString() }),
    );
    const player = renderPlayer();
    act(() => player.current.play(relaxation, 75));
    await answer(relaxation.id);
    const audio = document.querySelector("audio")!;
    act(() => void audio.dispatchEvent(new Event("loadedmetadata")));
    expect(audio.currentTime).toBe(75);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    localStorage.clear();
  });
});

describe("the player's reports", () => {
  /** The bodies the player sent to the track's progress API. */
  const progressReports = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith("/progress"))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  it("gives a finished listen an id of its own, so sending it again counts once; outside the portal it goes straight to the server", async () => {
    const player = renderPlayer();
    act(() => player.current.play(relaxation));
    await answer(relaxation.id);
    const audio = document.querySelector("audio")!;
    act(() => void audio.dispatchEvent(new Event("ended")));
    act(() => void audio.dispatchEvent(new Event("ended")));
    await vi.waitFor(() => expect(progressReports()).toHaveLength(2));
    const [first, second] = progressReports();
    expect(first).toEqual({ finished: true, listenId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second!.listenId).not.toBe(first!.listenId);
  });

  it("sends a position once and keeps it on the device: a position is never queued", async () => {
    const player = renderPlayer();
    act(() => player.current.play(relaxation));
    await answer(relaxation.id);
    const audio = document.querySelector("audio")!;
    Object.defineProperty(audio, "currentTime", { value: 42, configurable: true });
    act(() => player.current.close());
    expect(progressReports()).toEqual([{ positionSeconds: 42 }]);
    expect(JSON.parse(localStorage.getItem(deviceKey(MEMBER_KEY, "position", relaxation.id))!)).toMatchObject(
      {
        seconds: 42,
      },
    );
  });
});
