import { useEffect, useSyncExternalStore } from "react";
import { toast } from "#app/components/ui/toaster.tsx";
import { authMessages } from "#app/modules/accounts/providers.ts";

/** An error a provider left in the address's fragment (#error=…&error_description=…), also shown as a toast. */
export function useHashError() {
  const error = useSyncExternalStore(subscribeToHash, readHashError, () => null);
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return error;
}

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

function readHashError() {
  if (!window.location.hash.includes("error")) return null;
  const params = new URLSearchParams(window.location.hash.slice(1));
  const detail = params.get("error_description") ?? params.get("error_code") ?? params.get("error");
  return detail ? authMessages.authFailed(detail) : null;
}
