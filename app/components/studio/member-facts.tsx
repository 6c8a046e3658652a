import type { ReactNode } from "react";
import type { MemberDetail } from "#app/modules/studio/members.server.ts";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import { COURSE_ACCESS_WORDS } from "#app/modules/studio/figures.ts";

/** Her account at a glance: the course, dates, and how far she is through the programme (as her own pages count it). */
export function MemberFacts({ member }: { member: MemberDetail }) {
  const when = useStudioTime();
  const facts = [
    ["Course", `${member.role === "owner" ? "Studio owner · " : ""}${COURSE_ACCESS_WORDS[member.access]}`],
    ["Joined", when(member.joinedAt)],
    ["Last active", when(member.lastActiveAt)],
    ["Due", when(member.dueDate)],
    ["Days of the programme done", `${member.programme.daysCompleted} of 14`],
    ["Streak", member.programme.currentStreak === undefined ? "—" : String(member.programme.currentStreak)],
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-ink/10 bg-white p-4">
          <dt className="text-sm text-ink-soft">{label}</dt>
          <dd className="mt-1 font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What she has done: her last listens and the emails sent to her (her purchases are MemberPurchases'). */
export function MemberHistory({ member }: { member: MemberDetail }) {
  const when = useStudioTime();
  return (
    <>
      <FactList
        id="listens"
        title="Last listens"
        empty="None yet."
        items={member.lastListens}
        itemKey={(listen) => `${listen.trackId}-${listen.at}`}
      >
        {(listen) => (
          <>
            {listen.trackTitle} · {when(listen.at)}
          </>
        )}
      </FactList>

      <FactList
        id="emails"
        title="Emails sent"
        empty="None."
        items={member.emailsSent}
        itemKey={(email) => `${email.kind}-${email.createdAt}`}
      >
        {(email) => (
          <>
            {email.what} · {email.status} · {when(email.createdAt)}
          </>
        )}
      </FactList>
    </>
  );
}

/** One of her page's lists (listens, emails), with a line for when there is none. */
function FactList<T>({
  id,
  title,
  empty,
  items,
  itemKey,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-ink-soft">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-1">
          {items.map((item) => (
            <li key={itemKey(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
