/**
 * The owner's choices for each session (the studio's content page): published or
 * coming soon, and its place in its course group. A session she has not set
 * keeps the course's own state and order (content/README.md). Pure: the
 * catalogue applies them (tracks.ts), the studio changes them through here.
 */
export type SessionState = "published" | "coming-soon";

interface SessionSetting {
  state: SessionState | null;
  position: number | null;
}

export type SessionSettings = ReadonlyMap<string, SessionSetting>;

export const COURSE_AS_WRITTEN: SessionSettings = new Map();

interface Ordered {
  id: string;
  order: number;
}

/** A group's sessions in her order: her positions first, the course's own order for the rest and for ties. */
export function inHerOrder<T extends Ordered>(tracks: readonly T[], settings: SessionSettings): T[] {
  const place = (track: T, index: number) => settings.get(track.id)?.position ?? index + 1;
  const byCourse = [...tracks].sort((a, b) => a.order - b.order);
  const places = new Map(byCourse.map((track, index) => [track.id, place(track, index)]));
  return byCourse.sort((a, b) => places.get(a.id)! - places.get(b.id)! || a.order - b.order);
}

/** She has marked it coming soon: members are neither offered it nor can they play it. */
export function withheld(settings: SessionSettings, id: string): boolean {
  return settings.get(id)?.state === "coming-soon";
}

export type SessionMove = "up" | "down";

export type Change<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The group's new positions (1, 2, …) after moving one session a place up or down;
 * refused, changing nothing, at the group's first or last place.
 */
export function moveSession(
  group: readonly { id: string; title: string }[],
  id: string,
  move: SessionMove,
): Change<{ id: string; position: number }[]> {
  const index = group.findIndex((track) => track.id === id);
  if (index < 0) return { ok: false, message: "That session isn't one of the course's." };
  const target = move === "up" ? index - 1 : index + 1;
  if (target < 0) return { ok: false, message: `${group[index]!.title} is already first in its course.` };
  if (target >= group.length) {
    return { ok: false, message: `${group[index]!.title} is already last in its course.` };
  }
  const ids = group.map((track) => track.id);
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return { ok: true, value: ids.map((each, place) => ({ id: each, position: place + 1 })) };
}

/**
 * Whether a session may take this state. The Foundation Course keeps at least one
 * published session: it is what every free member practises with.
 */
export function checkState(
  group: readonly { id: string; courseTier: string }[],
  settings: SessionSettings,
  id: string,
  state: SessionState,
): Change<SessionState> {
  if (state === "published") return { ok: true, value: state };
  const othersOffered = group.filter((track) => track.id !== id && !withheld(settings, track.id));
  if (group[0]?.courseTier === "foundation" && othersOffered.length === 0) {
    return {
      ok: false,
      message: "The Foundation Course keeps at least one published session: free members practise with it.",
    };
  }
  return { ok: true, value: state };
}
