import type {
  BIRTH_PLAN_INTENTS as SERVER_INTENTS,
  SAVE_VIA as SERVER_SAVE_VIA,
} from "~/modules/birth-plan/page.server.ts";

/*
 * The page's form intents, as the server reads them. The server module can't be imported into the browser's
 * bundle, so they are written again here; the types keep the two word for word the same.
 */
export const INTENTS: typeof SERVER_INTENTS = {
  save: "save-plan",
  restore: "restore-version",
  comment: "add-comment",
  resolve: "resolve-comment",
  reopen: "reopen-comment",
  deleteComment: "delete-comment",
};

export const SAVE_VIA: typeof SERVER_SAVE_VIA = { form: "form", autosave: "autosave" };

/** The member's one plan form: every control of the editor names it. */
export const PLAN_FORM_ID = "birth-plan-form";
