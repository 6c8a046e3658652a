import { data } from "react-router";
import type { Route } from "./+types/birth-preferences-print";
import { BirthPlanSheet } from "#app/components/birth-plan/sheet.tsx";
import { printablePlan } from "#app/modules/birth-plan/page.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { db, signedInMember, now } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Birth preferences to print · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The plan as a midwife reads it, for the browser to print (the portal around it isn't printed). */
export async function loader(args: Route.LoaderArgs) {
  const plan = await printablePlan(db(args), signedInMember(args), now(args));
  if (!plan) throw data(null, { status: 404 });
  return plan;
}

export default function BirthPreferencesPrint({ loaderData }: Route.ComponentProps) {
  return (
    <BirthPlanSheet
      content={loaderData.content}
      herFirstName={loaderData.firstName}
      dueMonth={loaderData.dueMonth}
      variant="print"
    />
  );
}
