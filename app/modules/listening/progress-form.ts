import * as z from "zod/mini";

/**
 * What the player sends about a listen: where it is, or that it finished. A
 * finished listen carries the id the player gave it (`listenId`), so a report
 * sent again (from the device's outbox, after no signal) counts once.
 */
export const progressSchema = z
  .strictObject({
    // A number is finite in zod 4 (Infinity and NaN are refused).
    positionSeconds: z.optional(z.number().check(z.minimum(0), z.maximum(24 * 3600))),
    finished: z.optional(z.literal(true)),
    listenId: z.optional(z.uuid()),
  })
  .check(
    z.refine((value) => value.positionSeconds !== undefined || value.finished, {
      message: "Send positionSeconds or finished",
    }),
    z.refine((value) => value.listenId === undefined || value.finished, {
      message: "A listenId goes with finished",
    }),
  );
