/** The birth preferences page's forms, as the page sends them and the server reads them. */
export const BIRTH_PLAN_INTENTS = {
  save: "save-plan",
  restore: "restore-version",
  comment: "add-comment",
  resolve: "resolve-comment",
  reopen: "reopen-comment",
  deleteComment: "delete-comment",
} as const;

/** A plain form's save (answered with a redirect and a message) or the page's autosave (answered with data). */
export const SAVE_VIA = { form: "form", autosave: "autosave" } as const;

/** The member's one plan form: every control of the editor names it. */
export const PLAN_FORM_ID = "birth-plan-form";
