import * as z from "zod/mini";

/** What the programme's forms send. Dates are checked against the member's today on the server. */
const flag = z.pipe(
  z.enum(["true", "false"]),
  z.transform((value) => value === "true"),
);

export const programmeIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-date"),
    mode: z.enum(["due", "induction"]),
    date: z._default(z.string().check(z.trim(), z.maxLength(20)), ""),
    timeZone: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  }),
  z.object({
    intent: z.literal("update-date"),
    text: z.string().check(z.maxLength(40)),
    timeZone: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  }),
  // Programme rows are named by the UUIDs the server gave them.
  z.object({ intent: z.literal("toggle-activity"), rowId: z.uuid(), completed: flag }),
  z.object({
    intent: z.literal("toggle-listened"),
    trackId: z.string().check(z.minLength(1), z.maxLength(64)),
    listened: flag,
  }),
  // `practisedOn`: the day she practised, when her device sends it late (checked against her today on the server).
  z.object({
    intent: z.literal("complete-practice"),
    practisedOn: z.optional(z.string().check(z.maxLength(20))),
  }),
  z.object({ intent: z.literal("create-share-link") }),
  z.object({ intent: z.literal("revoke-share-link") }),
  // "Start gently now", and putting the early plan away again.
  z.object({ intent: z.literal("start-early-plan") }),
  z.object({ intent: z.literal("stop-early-plan") }),
]);

/**
 * The forms that are hers alone, about her pregnancy: her dates, her early start, her baby's
 * arrival (her profile's), and a read-only link to her progress. A birth partner's account, whose
 * pages show her programme (the partner seat), is refused them, here and on her profile page.
 */
const HER_PREGNANCY_INTENTS: readonly string[] = [
  "save-date",
  "update-date",
  "start-early-plan",
  "stop-early-plan",
  "create-share-link",
  "baby-arrived",
  "undo-baby-arrived",
];

export function isHerPregnancyIntent(intent: string): boolean {
  return HER_PREGNANCY_INTENTS.includes(intent);
}

/** What a birth partner hears when their account posts one of her forms. */
export const HER_PREGNANCY_REFUSAL =
  "Her dates and her baby's arrival are hers to change, on her own account.";
