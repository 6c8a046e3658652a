import { data } from "react-router";
import type { Route } from "./+types/birth-plan";
import { BIRTH_PLAN_INTENTS, SAVE_VIA } from "#app/modules/birth-plan/forms.ts";
import { answerBirthPlanForm, birthPlanMessages } from "#app/modules/birth-plan/page.server.ts";
import { db, memberContext, now } from "#app/request.server.ts";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/birth-plan: the birth preferences page's autosave, the same form
 * fields as its plain save (`intent=save-plan`, `choice`, `note.<section>`),
 * answered with JSON for the session's member. Any other intent is refused.
 */
export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ ok: false, message: "Please sign in." }, { status: 401, headers: NO_STORE });
  const form = await args.request.formData().catch(() => null);
  if (!form || form.get("intent") !== BIRTH_PLAN_INTENTS.save) {
    return data({ ok: false, message: birthPlanMessages.unknown }, { status: 400, headers: NO_STORE });
  }
  form.set("via", SAVE_VIA.autosave);
  const answer = await answerBirthPlanForm(db(args), member, form, now(args));
  if (answer.kind === "saved") {
    return data({ ok: true, number: answer.number, savedAt: answer.savedAt }, { headers: NO_STORE });
  }
  if (answer.kind === "invalid") {
    return data(
      { ok: false, message: answer.message, errors: answer.errors ?? {} },
      { status: answer.status, headers: NO_STORE },
    );
  }
  return data({ ok: false, message: birthPlanMessages.unknown }, { status: 400, headers: NO_STORE });
}
