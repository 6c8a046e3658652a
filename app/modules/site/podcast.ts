/**
 * The podcast page's outside links, in one place. The player is a Spotify
 * embed that loads only when the visitor asks for it (a click), so no third
 * party hears of a visit she did not choose.
 */
export const PODCAST = {
  name: "The Tidewell Listening List",
  spotifyUrl: "https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk",
  embedUrl: "https://open.spotify.com/embed/show/4rOoJ6Egrf8K2IrywzwOMk?utm_source=generator&theme=0",
  applePodcastsUrl: "https://podcasts.apple.com/gb/genre/podcasts-health-fitness/id1512",
  embedOrigin: "https://open.spotify.com",
  embedHeight: 352,
} as const;
