import { createContext, data, type RouterContextProvider } from "react-router";
import type { StudioOwner } from "./studio.server.ts";

/** The owner on a studio page, set by the studio's gate once it has let her in. */
export const studioOwnerContext = createContext<StudioOwner | null>(null);

/** The owner a studio action acts for: the gate has let her in, or the action is refused. */
export function requireStudioOwner(context: Readonly<RouterContextProvider>): StudioOwner {
  const owner = context.get(studioOwnerContext);
  if (!owner) throw data("The studio is for the course's owner.", { status: 403 });
  return owner;
}
