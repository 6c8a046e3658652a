import { z } from "zod";

/**
 * What the player sends about a listen: where it is, or that it finished. A
 * finished listen carries the id the player gave it (`listenId`), so a report
 * sent again (from the device's outbox, after no signal) counts once.
 */
export const progressSchema = z
  .object({
    positionSeconds: z
      .number()
      .finite()
      .min(0)
      .max(24 * 3600)
      .optional(),
    finished: z.literal(true).optional(),
    listenId: z.uuid().optional(),
  })
  .strict()
  .refine((value) => value.positionSeconds !== undefined || value.finished, {
    message: "Send positionSeconds or finished",
  })
  .refine((value) => value.listenId === undefined || value.finished, {
    message: "A listenId goes with finished",
  });

export type ProgressReport = z.infer<typeof progressSchema>;
