import { createContext } from "react-router";
import type { StudioOwner } from "./studio.server.ts";

/** The owner on a studio page, set by the studio's gate once it has let her in. */
export const studioOwnerContext = createContext<StudioOwner | null>(null);
