import { data } from "react-router";
import type { z } from "zod";

/**
 * Reads a JSON body against a schema. Anything else (not JSON, wrong shape,
 * unknown fields) is a 400 with a message, thrown as a response.
 */
export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  hint: string,
): Promise<z.output<T>> {
  const body = await request.json().catch(() => undefined);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw data({ error: hint }, { status: 400 });
  return parsed.data;
}
