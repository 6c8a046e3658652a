import { describe, expect, it } from "vitest";
import { ANONYMOUS } from "#app/modules/catalogue/access.ts";
import { ALL_SESSIONS, findTrack } from "#app/modules/catalogue/tracks.ts";
import { findSessions } from "./transcript-search.server.ts";
import { BUNDLED_CAPTIONS } from "./transcripts.server.ts";
import {
  EXCERPT_WORDS,
  excerptOf,
  sameSearch,
  searchSessions,
  sessionCountText,
  transcriptPath,
  type SearchableSession,
} from "./transcript-search.ts";

const SESSIONS: SearchableSession[] = [
  {
    id: "fear-release",
    title: "Fear Release",
    description: "Notice your worries, name them, and let them soften.",
    transcript: [
      "Welcome to Fear Release. It is normal to have worries about birth.",
      "Breathe in through your nose. And breathe out slowly, letting your body get a little heavier.",
    ],
  },
  {
    id: "practice-contractions",
    title: "Practice Contractions",
    description: "Rehearse surge breathing.",
    transcript: ["Each surge rises like a wave, peaks, and then it’s gone. You ride it, breath by breath."],
  },
  {
    // Locked for this member: her caller gives no words.
    id: "positive-caesarean",
    title: "Positive Caesarean Birth",
    description: "Calm preparation for a caesarean.",
    transcript: [],
  },
];

const found = (query: string) => searchSessions(SESSIONS, query);

describe("searchSessions", () => {
  it("matches every session on an empty search, with no excerpt", () => {
    expect(found("  ")).toEqual(SESSIONS.map(({ id }) => ({ id, excerpt: null })));
  });

  it("finds a session by its title or description, with no excerpt", () => {
    expect(found("FEAR")).toEqual([{ id: "fear-release", excerpt: null }]);
    expect(found("rehearse")).toEqual([{ id: "practice-contractions", excerpt: null }]);
  });

  it("finds a session by what is said in it, and shows the sentence that says it", () => {
    expect(found("heavier")).toEqual([
      {
        id: "fear-release",
        excerpt: "And breathe out slowly, letting your body get a little heavier.",
      },
    ]);
  });

  it("needs every word, from the title, the description or the words", () => {
    // "fear" is in the title, "nose" only in what is said.
    expect(found("fear nose")).toEqual([{ id: "fear-release", excerpt: "Breathe in through your nose." }]);
    expect(found("nose zebra")).toEqual([]);
  });

  it("shows the sentence holding the most of the words, those only said first", () => {
    expect(found("breathe slowly")[0]!.excerpt).toBe(
      "And breathe out slowly, letting your body get a little heavier.",
    );
    // "welcome" is said in a sentence with "fear"; "nose" is what the title doesn't hold.
    expect(found("welcome nose fear")[0]!.excerpt).toBe("Welcome to Fear Release.");
    expect(excerptOf(SESSIONS[0]!.transcript, ["welcome", "nose"], ["nose"])).toBe(
      "Breathe in through your nose.",
    );
  });

  it("reads punctuation, case and a curly apostrophe as the resource centre does", () => {
    expect(found("IT'S GONE?")).toEqual([
      {
        id: "practice-contractions",
        excerpt: "Each surge rises like a wave, peaks, and then it’s gone.",
      },
    ]);
  });

  it("never finds a session by words it was not given", () => {
    expect(found("calm")).toEqual([{ id: "positive-caesarean", excerpt: null }]);
    expect(found("breath")).toEqual([
      { id: "fear-release", excerpt: "Breathe in through your nose." },
      { id: "practice-contractions", excerpt: null },
    ]);
  });
});

describe("excerptOf", () => {
  const long = Array.from({ length: 40 }, (_, index) => `word${index}`);

  it("shortens a long sentence around the first word it holds", () => {
    const excerpt = excerptOf([`${long.join(" ")}.`], ["word20"])!;
    expect(excerpt.startsWith("…word14 ")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt.replace(/…/g, "").split(" ")).toHaveLength(EXCERPT_WORDS);
  });

  it("keeps the start or the end of a sentence when the word is near it", () => {
    expect(excerptOf([long.join(" ")], ["word1"])).toBe(`${long.slice(0, EXCERPT_WORDS).join(" ")}…`);
    expect(excerptOf([long.join(" ")], ["word39"])).toBe(`…${long.slice(-EXCERPT_WORDS).join(" ")}`);
  });

  it("finds nothing when no sentence holds a word", () => {
    expect(excerptOf(["Hello."], ["zebra"])).toBeNull();
  });
});

describe("the searches' words", () => {
  it("counts sessions, compares searches as they are read, and links to a transcript", () => {
    expect(sessionCountText(1)).toBe("1 session");
    expect(sessionCountText(3)).toBe("3 sessions");
    expect(sameSearch("Breathe  slowly!", "breathe slowly")).toBe(true);
    expect(sameSearch("breathe", "breath")).toBe(false);
    expect(transcriptPath("fear-release")).toBe("/portal/library/fear-release/transcript");
  });
});

describe("findSessions, over the recordings' captions", () => {
  const free = { signedIn: true, hasPremium: false };
  const premium = { signedIn: true, hasPremium: true };
  const fearRelease = findTrack("fear-release")!;
  // Said in Fear Release (premium), and in none of the titles or descriptions.
  const words = "worries about birth";

  it("searches the words of the sessions she may play", () => {
    expect(fearRelease.description).not.toContain("birth");
    expect(findSessions(BUNDLED_CAPTIONS, premium, ALL_SESSIONS, words)).toContainEqual({
      id: "fear-release",
      excerpt: "It is normal to have worries about birth.",
    });
  });

  it("never searches a locked session's words: a free member or a visitor finds it by title only", () => {
    for (const viewer of [free, ANONYMOUS]) {
      expect(findSessions(BUNDLED_CAPTIONS, viewer, ALL_SESSIONS, words).map(({ id }) => id)).not.toContain(
        "fear-release",
      );
      expect(findSessions(BUNDLED_CAPTIONS, viewer, ALL_SESSIONS, "fear release")).toEqual([
        { id: "fear-release", excerpt: null },
      ]);
    }
  });

  it("searches a free session's words for a free member", () => {
    const said = findSessions(BUNDLED_CAPTIONS, free, ALL_SESSIONS, "welcome").filter(
      ({ excerpt }) => excerpt !== null,
    );
    expect(said.map(({ id }) => findTrack(id)!.courseTier)).toEqual(said.map(() => "foundation"));
    expect(said.length).toBeGreaterThan(0);
  });
});
