import { redirect } from "react-router";

/** /signup is linked from older pages and articles; the sign-up form lives on /auth. */
export function loader() {
  return redirect("/auth?tier=free", 301);
}
