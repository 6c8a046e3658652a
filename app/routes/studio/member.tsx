import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/member";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Field } from "~/components/ui/field.tsx";
import { Textarea } from "~/components/ui/input.tsx";
import { AuditTable } from "~/components/studio/audit-table.tsx";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import { auditEntries } from "~/modules/studio/audit.server.ts";
import { studioOwnerContext } from "~/modules/studio/context.server.ts";
import {
  changePremium,
  changeRole,
  deleteMemberAccount,
  sendSignInLink,
  type ActionResult,
} from "~/modules/studio/member-actions.server.ts";
import { REASON_MAX } from "~/modules/studio/member-actions.ts";
import { memberDetail } from "~/modules/studio/members.server.ts";
import { requireRecentStudioCheck } from "~/modules/studio/recent-check.server.ts";
import { db, services } from "~/services.server.ts";
import { STUDIO_LINK, STUDIO_WHEN } from "~/components/studio/studio-table.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member.name || loaderData?.member.email || "Member"} · Tidewell Studio` },
];

export async function loader(args: Route.LoaderArgs) {
  const member = await memberDetail(db(args), args.params.id, services(args).clock.now());
  if (!member) throw data("There is no such member.", { status: 404 });
  const history = await auditEntries(db(args), { subjectId: member.id, limit: 20 });
  return { member, history };
}

export async function action(args: Route.ActionArgs) {
  const owner = args.context.get(studioOwnerContext);
  if (!owner) throw data("The studio is for the course's owner.", { status: 403 });
  const appServices = services(args);
  const now = appServices.clock.now();
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const memberId = args.params.id;
  const here = `/studio/members/${memberId}`;

  let result: ActionResult;
  if (intent === "grant-premium" || intent === "revoke-premium") {
    result = await changePremium(
      appServices.database.db,
      owner,
      memberId,
      intent === "grant-premium",
      String(form.get("reason") ?? ""),
      now,
    );
  } else if (intent === "make-owner" || intent === "make-member") {
    // A role is a way into the studio: the second factor again unless she gave it minutes ago.
    requireRecentStudioCheck(owner, now, here);
    result = await changeRole(
      appServices.database.db,
      owner,
      memberId,
      intent === "make-owner" ? "owner" : "member",
      now,
    );
  } else if (intent === "sign-in-link") {
    result = await sendSignInLink(
      { auth: appServices.auth, db: appServices.database.db },
      owner,
      memberId,
      now,
    );
  } else if (intent === "delete") {
    // Deleting asks for the second factor again unless she gave it in the last few minutes.
    requireRecentStudioCheck(owner, now, here);
    if (form.get("confirm") !== "yes") {
      return data({ intent, error: "Tick the box to confirm the deletion." }, { status: 400 });
    }
    result = await deleteMemberAccount(
      { database: appServices.database, dataDir: appServices.env.DATA_DIR },
      owner,
      memberId,
      now,
    );
    if (result.ok) {
      return redirectWithFlash(appServices.flash, "/studio/members", {
        type: "success",
        message: result.message,
      });
    }
  } else {
    return data({ intent, error: "Please use the forms on this page." }, { status: 400 });
  }
  if (!result.ok) return data({ intent, error: result.message }, { status: result.status });
  return redirectWithFlash(appServices.flash, here, { type: "success", message: result.message });
}

const when = (iso: string | null | undefined) => (iso ? STUDIO_WHEN.format(new Date(iso)) : "—");
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minor / 100);

/** One of her page's lists (purchases, listens, emails), with a line for when there is none. */
function FactList<T>({
  id,
  title,
  empty,
  items,
  itemKey,
  boxed = false,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** Each item in a card of its own. */
  boxed?: boolean;
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
        <ul className={boxed ? "mt-2 grid gap-2" : "mt-2 grid gap-1"}>
          {items.map((item) => (
            <li
              key={itemKey(item)}
              className={boxed ? "rounded-xl border border-ink/10 bg-white px-4 py-3" : undefined}
            >
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function StudioMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, history } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errorFor = (...intents: string[]) =>
    actionData && intents.includes(actionData.intent) ? actionData.error : null;
  const premium = member.tier === "premium";
  const ownerAccount = member.role === "owner";
  return (
    <>
      <p>
        <Link to="/studio/members" className={STUDIO_LINK}>
          All members
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">{member.name || member.email}</h1>
      <p className="mt-1 text-ink-soft">{member.email}</p>

      <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {[
          ["Tier", ownerAccount ? "Owner" : premium ? "Premium" : "Free"],
          ["Joined", when(member.joinedAt)],
          ["Last active", when(member.lastActiveAt)],
          ["Due", member.dueDate ?? "—"],
          ["Days of the programme done", `${member.programme.daysCompleted} of 14`],
          [
            "Streak",
            member.programme.currentStreak === undefined ? "—" : String(member.programme.currentStreak),
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-ink/10 bg-white p-4">
            <dt className="text-sm text-ink-soft">{label}</dt>
            <dd className="mt-1 font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="premium-heading" className="mt-10 max-w-xl">
        <h2 id="premium-heading" className="text-xl font-semibold">
          {premium ? "Take premium back" : "Grant premium"}
        </h2>
        {errorFor("grant-premium", "revoke-premium") ? (
          <Alert tone="error" className="mt-3">
            {errorFor("grant-premium", "revoke-premium")}
          </Alert>
        ) : null}
        {/* A new form once the tier changes: the reason given for the last change is not the next one's. */}
        <Form key={member.tier} method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value={premium ? "revoke-premium" : "grant-premium"} />
          <Field
            id="reason"
            label="Reason"
            hint="Shown with the audit log's entry, for you and anyone who helps you later; deleted with her account."
          >
            {(a11y) => <Textarea name="reason" rows={2} required maxLength={REASON_MAX} {...a11y} />}
          </Field>
          <Button
            type="submit"
            disabled={busy}
            variant={premium ? "outline" : undefined}
            className="justify-self-start"
          >
            {premium ? "Take Premium Back" : "Grant Premium"}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="sign-in-heading" className="mt-10 max-w-xl">
        <h2 id="sign-in-heading" className="text-xl font-semibold">
          Sign-in link
        </h2>
        <p className="mt-1 text-ink-soft">
          Emails her a magic link that signs her in, as the sign-in page does when she asks for one.
        </p>
        {errorFor("sign-in-link") ? (
          <Alert tone="error" className="mt-3">
            {errorFor("sign-in-link")}
          </Alert>
        ) : null}
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sign-in-link" />
          <Button type="submit" variant="outline" disabled={busy}>
            Send Sign-in Link
          </Button>
        </Form>
      </section>

      <section aria-labelledby="role-heading" className="mt-10 max-w-xl">
        <h2 id="role-heading" className="text-xl font-semibold">
          Role
        </h2>
        <p className="mt-1 text-ink-soft">
          {ownerAccount
            ? "An owner: this account opens the studio, behind its own second factor."
            : "A member. An owner's account opens the studio too, once it has its own authenticator."}{" "}
          The studio asks for your code again first.
        </p>
        {errorFor("make-owner", "make-member") ? (
          <Alert tone="error" className="mt-3">
            {errorFor("make-owner", "make-member")}
          </Alert>
        ) : null}
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value={ownerAccount ? "make-member" : "make-owner"} />
          <Button type="submit" variant="outline" disabled={busy}>
            {ownerAccount ? "Make Member" : "Make Owner"}
          </Button>
        </Form>
      </section>

      <FactList
        id="purchases"
        title="Purchases"
        empty="None."
        items={member.purchases}
        itemKey={(purchase) => purchase.id}
        boxed
      >
        {(purchase) => (
          <>
            {money(purchase.amount, purchase.currency)} by{" "}
            {purchase.provider === "paypal" ? "PayPal" : "card"} · {purchase.status} ·{" "}
            {when(purchase.createdAt)}
            <span className="block font-mono text-sm text-ink-soft">{purchase.providerId}</span>
          </>
        )}
      </FactList>

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
            {email.subject} · {email.status} · {when(email.createdAt)}
          </>
        )}
      </FactList>

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-xl font-semibold">
          Studio actions about her
        </h2>
        <AuditTable entries={history} caption="Studio actions about this member" />
      </section>

      {!ownerAccount ? (
        <section
          aria-labelledby="delete-heading"
          className="mt-12 max-w-xl rounded-2xl border border-danger/30 bg-danger-soft/40 p-4"
        >
          <h2 id="delete-heading" className="text-xl font-semibold text-danger">
            Delete the account
          </h2>
          <p className="mt-1 text-ink-soft">
            Everything about her goes, as when she deletes it herself; her purchases stay as anonymous sales
            records. The studio asks for your code again first.
          </p>
          {errorFor("delete") ? (
            <Alert tone="error" className="mt-3">
              {errorFor("delete")}
            </Alert>
          ) : null}
          <Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="delete" />
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="confirm" value="yes" className="size-5" />I understand this can't
              be undone.
            </label>
            <Button type="submit" variant="danger" disabled={busy} className="justify-self-start">
              Delete Account
            </Button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
