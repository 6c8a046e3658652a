import { useRouteLoaderData } from "react-router";
import type { loader } from "./root.tsx";

/** The root loader's data (the member, a pending flash message, the support email) from anywhere. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
