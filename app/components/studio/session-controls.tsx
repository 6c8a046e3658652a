import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * A session's state and place on the content page: plain forms, so they work
 * before (or without) JavaScript, each button named with the session's title
 * for a screen reader. The first in its group has no Move up, the last no Move down.
 */
export function SessionState({
  session,
}: {
  session: { id: string; title: string; state: "published" | "coming-soon" };
}) {
  const publish = session.state === "coming-soon";
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <span>{publish ? "Coming soon" : "Published"}</span>
      <input type="hidden" name="intent" value="session-state" />
      <input type="hidden" name="session" value={session.id} />
      <input type="hidden" name="state" value={publish ? "published" : "coming-soon"} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={`${publish ? "Publish" : "Mark coming soon"}: ${session.title}`}
      >
        {publish ? "Publish" : "Mark coming soon"}
      </Button>
    </Form>
  );
}

export function SessionPlace({
  session,
}: {
  session: { id: string; title: string; first: boolean; last: boolean };
}) {
  const move = (direction: "up" | "down", words: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value="session-move" />
      <input type="hidden" name="session" value={session.id} />
      <input type="hidden" name="move" value={direction} />
      <Button type="submit" size="sm" variant="outline" aria-label={`${words}: ${session.title}`}>
        {words}
      </Button>
    </Form>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {!session.first && move("up", "Move up")}
      {!session.last && move("down", "Move down")}
    </div>
  );
}
