import { render } from "@testing-library/react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { Toaster } from "#app/components/ui/toaster.tsx";

/** Two pages under one layout with the Toaster, as the app has it: "/" links to "/next". */
export function renderToasterPages() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <Outlet />
          <Toaster />
        </>
      ),
      children: [
        { index: true, Component: () => <Link to="/next">Next page</Link> },
        { path: "next", Component: () => <p>The next page</p> },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}
