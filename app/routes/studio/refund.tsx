import { data, useNavigation } from "react-router";
import type { Route } from "./+types/refund";
import { RefundConfirmationPage } from "#app/components/studio/refund-confirmation.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { readStudioForm, refundForms } from "#app/modules/studio/forms.ts";
import { requireRecentStudioCheck } from "#app/modules/studio/recent-check.server.ts";
import { answerRefundForm, refundConfirmation } from "#app/modules/studio/refunds.server.ts";
import { refundBackPath, refundPath, refundQuestion } from "#app/modules/studio/refunds.ts";
import { checkoutDeps, db, services, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? refundQuestion(loaderData.purchase.amount, loaderData.purchase.who) : "Refund"} · Tidewell Studio`,
  },
];

/**
 * A refund's confirmation, from the purchases, a member's page or a conversation (`back` says which).
 * Money leaves with it: the second factor is asked for first, naming this refund, and brings her back
 * here to give her reason and confirm.
 */
export async function loader(args: Route.LoaderArgs) {
  const owner = requireStudioOwner(args.context);
  const at = now(args);
  const purchase = await refundConfirmation(db(args), args.params.id, at);
  if (!purchase) throw data("There is no such purchase.", { status: 404 });
  const back = refundBackPath(args.url.searchParams.get("back"));
  if (purchase.state.kind === "refundable") {
    requireRecentStudioCheck(owner, at, refundPath(purchase.purchaseId, back));
  }
  return { purchase, back };
}

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const formData = await args.request.formData();
  // What she chose and wrote, shown again with what was wrong.
  const typed = { reason: String(formData.get("reason") ?? ""), note: String(formData.get("note") ?? "") };
  const read = readStudioForm(formData, refundForms);
  if (!read.ok) return data({ error: read.message, typed }, { status: 400 });
  const answer = await answerRefundForm(checkoutDeps(args), owner, args.params.id, read.form, now(args));
  if (!answer.ok) return data({ error: answer.message, typed }, { status: answer.status });
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioRefund({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <RefundConfirmationPage
      purchase={loaderData.purchase}
      back={loaderData.back}
      error={actionData?.error ?? null}
      typed={actionData?.typed ?? { reason: "", note: "" }}
      busy={busy}
    />
  );
}
