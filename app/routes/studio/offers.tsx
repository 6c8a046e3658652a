import { data, useNavigation } from "react-router";
import type { Route } from "./+types/offers";
import { OffersPage } from "#app/components/studio/offers-page.tsx";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { offerForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { answerOfferForm, studioOffers } from "#app/modules/studio/offers.server.ts";
import { studioTimeZone } from "#app/modules/studio/settings.server.ts";
import { db, services, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Offers · Tidewell Studio" }];

/** The promo codes: their terms, uses and revenue; a new one; ending one early. */
export async function loader(args: Route.LoaderArgs) {
  requireStudioOwner(args.context);
  return { offers: await studioOffers(db(args), services(args).payments.price, now(args)) };
}

const TYPED = ["code", "kind", "value", "starts", "ends", "maxUses", "giftsOnly"] as const;

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const formData = await args.request.formData();
  // What she typed into the new code's form, shown again with what was wrong.
  const typed = Object.fromEntries(TYPED.map((name) => [name, String(formData.get(name) ?? "")]));
  const read = readStudioForm(formData, offerForms);
  const answer = read.ok
    ? await answerOfferForm(
        db(args),
        {
          owner,
          price: services(args).payments.price,
          timeZone: await studioTimeZone(db(args), owner.id),
          now: now(args),
        },
        read.form,
      )
    : { ok: false as const, status: 400, message: read.message };
  if (!answer.ok) {
    const intent: "create" | "end" = formData.get("intent") === "end" ? "end" : "create";
    return data({ error: answer.message, intent, typed }, { status: answer.status });
  }
  return redirectWithFlash(services(args).flash, answer.next, { type: "success", message: answer.message });
}

export default function StudioOffers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OffersPage
      offers={loaderData.offers}
      failed={actionData ?? null}
      busy={useNavigation().state !== "idle"}
    />
  );
}
