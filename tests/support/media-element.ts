import { vi } from "vitest";

/** jsdom has no media playback: play, pause and load succeed and do nothing, as a quiet browser would. */
export function stubMediaPlayback() {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
}
