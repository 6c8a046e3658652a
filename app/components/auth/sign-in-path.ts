import { useSearchParams } from "react-router";

/**
 * The sign-in page's address for `path` ("/auth?tier=…"), keeping where signing in (or signing up and
 * confirming her address) will take her (`next`, which the server checks): moving between the tabs and
 * the ways to sign in doesn't lose it.
 */
export function useSignInPath(): (path: string) => string {
  const [params] = useSearchParams();
  const next = params.get("next");
  return (path) => (next ? `${path}&next=${encodeURIComponent(next)}` : path);
}
