import { useSearchParams } from "react-router";

/**
 * The sign-in page's address for `path` ("/auth?tier=signin…"), keeping where signing in will take
 * her (`next`, which the server checks): moving between the ways to sign in doesn't lose it.
 */
export function useSignInPath(): (path: string) => string {
  const [params] = useSearchParams();
  const next = params.get("next");
  return (path) => (next ? `${path}&next=${encodeURIComponent(next)}` : path);
}
