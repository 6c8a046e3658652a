import { z } from "zod";

/** What the player sends about a listen: where it is, or that it finished. */
export const progressSchema = z
  .object({
    positionSeconds: z
      .number()
      .finite()
      .min(0)
      .max(24 * 3600)
      .optional(),
    finished: z.literal(true).optional(),
  })
  .strict()
  .refine((value) => value.positionSeconds !== undefined || value.finished, {
    message: "Send positionSeconds or finished",
  });

export type ProgressReport = z.infer<typeof progressSchema>;
