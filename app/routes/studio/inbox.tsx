import { Link } from "react-router";
import type { Route } from "./+types/inbox";
import { cn } from "#app/components/ui/cn.ts";
import { inboxThreads } from "#app/modules/contact/inbox.server.ts";
import { inboxViewFrom } from "#app/modules/contact/inbox.ts";
import { countOf } from "#app/modules/words/plural.ts";
import { db } from "#app/request.server.ts";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { Pager } from "#app/components/studio/studio-table.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.view === "archived" ? "Archived" : "Inbox"} · Tidewell Studio` },
];

export async function loader(args: Route.LoaderArgs) {
  const view = inboxViewFrom(args.url.searchParams.get("view"));
  const cursor = args.url.searchParams.get("after") ?? undefined;
  const page = await inboxThreads(db(args), { view, cursor });
  const params = (after?: string) => {
    const search = new URLSearchParams();
    if (view === "archived") search.set("view", "archived");
    if (after) search.set("after", after);
    return `?${search}`;
  };
  return {
    view,
    threads: page.threads,
    first: cursor ? params() : null,
    next: page.nextCursor ? params(page.nextCursor) : null,
  };
}

const VIEWS = [
  { view: "open", label: "Inbox", to: "/studio/inbox" },
  { view: "archived", label: "Archived", to: "/studio/inbox?view=archived" },
] as const;

export default function StudioInbox({ loaderData }: Route.ComponentProps) {
  const { view, threads, first, next } = loaderData;
  const when = useStudioTime();
  return (
    <>
      <h1 className="text-3xl font-semibold">Inbox</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Messages from the contact form, one conversation for each address, newest first. Your reply is emailed
        to them and kept here with their messages.
      </p>
      <p className="mt-2 max-w-2xl text-ink-soft">
        <strong className="font-medium text-ink">Not confirmed</strong> means it was sent without signing in:
        anyone can type an address, so it isn't linked to a member, and your reply doesn't quote it.
      </p>
      <nav aria-label="Inbox views" className="mt-6 flex gap-2">
        {VIEWS.map((item) => (
          <Link
            key={item.view}
            to={item.to}
            aria-current={item.view === view ? "page" : undefined}
            className={cn(
              "inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-ink-soft hover:bg-lavender-soft hover:text-ink",
              item.view === view && "bg-lavender-soft text-plum-deep",
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      {threads.length === 0 ? (
        <p className="mt-6 text-ink-soft">
          {view === "archived"
            ? "Nothing archived."
            : "No messages waiting. New ones from the contact form appear here."}
        </p>
      ) : (
        <ul
          aria-label={view === "archived" ? "Archived conversations" : "Conversations"}
          className="mt-4 grid gap-2"
        >
          {threads.map((thread) => (
            <li
              key={thread.id}
              className={cn(
                "rounded-2xl border bg-white p-4",
                thread.unread ? "border-plum/40" : "border-ink/10",
              )}
            >
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link
                  to={`/studio/inbox/${thread.id}`}
                  className={cn(
                    "inline-flex min-h-11 items-center text-plum underline underline-offset-4",
                    thread.unread && "font-semibold",
                  )}
                >
                  {thread.name}
                </Link>
                {thread.unread ? (
                  <span className="rounded-full bg-lavender-soft px-2 py-0.5 text-sm font-medium text-plum-deep">
                    Unread
                  </span>
                ) : null}
                {thread.confirmed ? null : (
                  <span className="rounded-full border border-ink/20 px-2 py-0.5 text-sm text-ink-soft">
                    Not confirmed
                  </span>
                )}
                {thread.answered ? <span className="text-sm text-ink-soft">Replied</span> : null}
                <span className="ml-auto text-sm text-ink-soft">{when(thread.lastActivityAt)}</span>
              </div>
              <p className="text-sm text-ink-soft">
                {thread.address} · {countOf(thread.messageCount, "message")}
                {thread.memberId ? (
                  <>
                    {" · "}
                    <Link
                      to={`/studio/members/${thread.memberId}`}
                      className="text-plum underline underline-offset-4"
                      aria-label={`Member: ${thread.name}`}
                    >
                      Member
                    </Link>
                  </>
                ) : null}
              </p>
              {thread.excerpt ? <p className="mt-1 text-ink">{thread.excerpt}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pager first={first} next={next} />
    </>
  );
}
