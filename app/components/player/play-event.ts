import type { CourseTier } from "#app/modules/catalogue/tracks.ts";

/** The page-wide event any page dispatches to play a track in the bottom player. */
export const PLAY_AUDIO_EVENT = "playAudioTrack";

export interface PlayAudioDetail {
  id: string;
  title: string;
  audioFile: string;
  courseTier: CourseTier;
}

export function playAudioTrack(detail: PlayAudioDetail) {
  window.dispatchEvent(new CustomEvent<PlayAudioDetail>(PLAY_AUDIO_EVENT, { detail }));
}

declare global {
  interface WindowEventMap {
    [PLAY_AUDIO_EVENT]: CustomEvent<PlayAudioDetail>;
  }
}
