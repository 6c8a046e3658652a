import { z } from "zod";

/** What the programme's forms send. Dates are checked against the member's today on the server. */
const flag = z.enum(["true", "false"]).transform((value) => value === "true");

export const programmeIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-date"),
    mode: z.enum(["due", "induction"]),
    date: z.string().trim().max(20).default(""),
    timeZone: z.string().trim().max(64).optional(),
  }),
  z.object({
    intent: z.literal("update-date"),
    text: z.string().max(40),
    timeZone: z.string().trim().max(64).optional(),
  }),
  // Programme rows are named by the UUIDs the server gave them.
  z.object({ intent: z.literal("toggle-activity"), rowId: z.uuid(), completed: flag }),
  z.object({ intent: z.literal("toggle-listened"), trackId: z.string().min(1).max(64), listened: flag }),
  // `practisedOn`: the day she practised, when her device sends it late (checked against her today on the server).
  z.object({ intent: z.literal("complete-practice"), practisedOn: z.string().max(20).optional() }),
  z.object({ intent: z.literal("create-share-link") }),
  z.object({ intent: z.literal("revoke-share-link") }),
  // "Start gently now", and putting the early plan away again.
  z.object({ intent: z.literal("start-early-plan") }),
  z.object({ intent: z.literal("stop-early-plan") }),
]);

export type ProgrammeIntent = z.infer<typeof programmeIntentSchema>;
