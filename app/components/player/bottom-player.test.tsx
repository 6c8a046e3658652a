import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BottomPlayer } from "./bottom-player.tsx";
import { captionsKey } from "./captions.ts";
import { playDetailOf, PlayerProvider } from "./player-context.tsx";
import { stubMediaPlayback } from "../../../tests/support/media-element.ts";

const relaxation = playDetailOf("pregnancy-relaxation")!;
const MEMBER_KEY = "Mk0000000000000000000a";
const CAPTIONS_KEY = captionsKey(MEMBER_KEY);
const CAPTIONS =
  "WEBVTT\n\n00:00:03.000 --> 00:00:05.000\nLet your shoulders drop.\n\n00:00:05.000 --> 00:00:08.000\nBreathe in slowly.\n";

/** What the player asked for, and each answer: the track's signed URL, and its captions when asked. */
let captionsAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  captionsAnswer = () => new Response(CAPTIONS, { headers: { "Content-Type": "text/vtt" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/captions/")) return captionsAnswer();
      const trackId = decodeURIComponent(url.split("/")[3]!);
      return Response.json({
        url: `/media/audio/${trackId}.mp3?sig=1`,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        position: null,
      });
    }),
  );
  stubMediaPlayback();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function startPlaying(today = relaxation) {
  render(
    <PlayerProvider memberKey={MEMBER_KEY}>
      <BottomPlayer today={today} />
    </PlayerProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: `Play today's practice: ${today.title}` }));
  await screen.findByRole("region", { name: "Audio player" });
}

/** The audio moves to `seconds`, as playing on or a seek would report it. */
function moveTo(seconds: number, event = "timeupdate") {
  const audio = document.querySelector("audio")!;
  Object.defineProperty(audio, "currentTime", { value: seconds, configurable: true });
  act(() => void audio.dispatchEvent(new Event(event)));
}

/** The phone's button and the wider screen's (the stylesheet shows one of them). */
const captionsButtons = () => screen.getAllByRole("button", { name: "CC captions" });
const captionsPressed = () => captionsButtons().map((button) => button.getAttribute("aria-pressed"));
const captionLine = () => screen.getByRole("status");

describe("the bottom player's captions", () => {
  it("are off at first; turned on, they show the cue being said, one at a time, and are remembered", async () => {
    await startPlaying();
    expect(captionsPressed()).toEqual(["false", "false"]);
    expect(fetch).not.toHaveBeenCalledWith(expect.stringMatching(/^\/captions\//), expect.anything());

    fireEvent.click(captionsButtons()[0]!);
    expect(captionsPressed()).toEqual(["true", "true"]);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBe("on");
    moveTo(3.5);
    await waitFor(() => expect(captionLine()).toHaveTextContent("Let your shoulders drop."));
    moveTo(6, "seeked");
    expect(captionLine()).toHaveTextContent(/^Breathe in slowly\.$/);
    moveTo(9);
    expect(captionLine()).toBeEmptyDOMElement();

    fireEvent.click(captionsButtons()[1]!);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBe("off");
    moveTo(4);
    expect(captionLine()).toBeEmptyDOMElement();
  });

  it("come back on by themselves when this device remembers them", async () => {
    localStorage.setItem(CAPTIONS_KEY, "on");
    await startPlaying();
    expect(captionsPressed()).toEqual(["true", "true"]);
    moveTo(4);
    await waitFor(() => expect(captionLine()).toHaveTextContent("Let your shoulders drop."));
  });

  it("show nothing, and leave the player as it was, when the captions can't be had", async () => {
    captionsAnswer = () => new Response("Please sign in to read this transcript.", { status: 401 });
    localStorage.setItem(CAPTIONS_KEY, "on");
    await startPlaying(playDetailOf("fear-release")!);
    moveTo(4);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/captions/fear-release.vtt", expect.anything()));
    await waitFor(() => expect(captionLine()).not.toHaveClass("min-h-[4.25rem]"));
    expect(captionLine()).toBeEmptyDOMElement();
    expect(screen.getByRole("slider", { name: "Position" })).toBeInTheDocument();
  });
});

describe("the bottom player's position slider", () => {
  it("moves by seconds a listener notices from the keyboard, and says where it is in words", async () => {
    await startPlaying();
    // A 22-minute session, a minute and forty seconds in; a seek moves the audio as a browser's would.
    const audio = document.querySelector("audio")!;
    let position = 100;
    Object.defineProperty(audio, "duration", { value: 1320, configurable: true });
    Object.defineProperty(audio, "currentTime", {
      configurable: true,
      get: () => position,
      set: (seconds: number) => void (position = seconds),
    });
    act(() => {
      audio.dispatchEvent(new Event("durationchange"));
      audio.dispatchEvent(new Event("timeupdate"));
    });
    const slider = screen.getByRole("slider", { name: "Position" });
    expect(slider).toHaveAttribute("aria-valuetext", "1 minute 40 seconds of 22 minutes");

    const press = (key: string) => fireEvent.keyDown(slider, { key });
    press("ArrowRight");
    expect(slider).toHaveValue("110");
    expect(slider).toHaveAttribute("aria-valuetext", "1 minute 50 seconds of 22 minutes");
    press("ArrowDown");
    expect(slider).toHaveValue("100");
    press("PageUp");
    expect(slider).toHaveAttribute("aria-valuetext", "2 minutes 40 seconds of 22 minutes");
    press("PageDown");
    press("PageDown");
    expect(slider).toHaveAttribute("aria-valuetext", "40 seconds of 22 minutes");
    press("End");
    expect(slider).toHaveAttribute("aria-valuetext", "22 minutes of 22 minutes");
    press("Home");
    expect(slider).toHaveValue("0");
  });
});
