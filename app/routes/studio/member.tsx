import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/member";
import { AuditTable } from "#app/components/studio/audit-table.tsx";
import { MemberFacts, MemberHistory } from "#app/components/studio/member-facts.tsx";
import { MemberPurchases } from "#app/components/studio/member-purchases.tsx";
import {
  DeleteAccountForm,
  PremiumForm,
  RoleForm,
  SignInLinkForm,
} from "#app/components/studio/member-forms.tsx";
import { STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { formatPrice } from "#app/modules/payments/price.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { auditEntries } from "#app/modules/studio/audit.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { memberForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { answerMemberForm } from "#app/modules/studio/member-actions.server.ts";
import { memberDetail } from "#app/modules/studio/members.server.ts";
import { db, services, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member.name || loaderData?.member.email || "Member"} · Tidewell Studio` },
];

export async function loader(args: Route.LoaderArgs) {
  const member = await memberDetail(db(args), args.params.id, now(args));
  if (!member) throw data("There is no such member.", { status: 404 });
  const history = await auditEntries(db(args), { subjectId: member.id, limit: 20 });
  return { member, history };
}

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const read = readStudioForm(await args.request.formData(), memberForms);
  if (!read.ok) return data({ intent: read.intent, error: read.message }, { status: 400 });
  const { auth, database, env, clock, flash } = services(args);
  const answer = await answerMemberForm(
    { auth, database, dataDir: env.DATA_DIR },
    owner,
    args.params.id,
    read.form,
    clock.now(),
  );
  if (!answer.ok) return data({ intent: read.form.intent, error: answer.message }, { status: answer.status });
  return redirectWithFlash(flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, history } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errorFor = (...intents: string[]) =>
    actionData && intents.includes(actionData.intent) ? actionData.error : null;
  const ownerAccount = member.role === "owner";
  const refundable = member.purchases.find((purchase) => purchase.refund.kind === "refundable");
  return (
    <>
      <p>
        <Link to="/studio/members" className={STUDIO_LINK}>
          All members
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">{member.name || member.email}</h1>
      <p className="mt-1 text-ink-soft">{member.email}</p>
      <MemberFacts member={member} />
      <MemberPurchases member={member} />

      <PremiumForm
        premium={member.tier === "premium"}
        tier={member.tier}
        refundable={
          refundable ? formatPrice({ amountMinor: refundable.amount, currency: refundable.currency }) : null
        }
        error={errorFor("grant-premium", "revoke-premium")}
        busy={busy}
      />
      <SignInLinkForm error={errorFor("sign-in-link")} busy={busy} />
      <RoleForm ownerAccount={ownerAccount} error={errorFor("make-owner", "make-member")} busy={busy} />
      <MemberHistory member={member} />

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-xl font-semibold">
          Studio actions about her
        </h2>
        <AuditTable entries={history} caption="Studio actions about this member" />
      </section>

      {!ownerAccount ? <DeleteAccountForm error={errorFor("delete")} busy={busy} /> : null}
    </>
  );
}
