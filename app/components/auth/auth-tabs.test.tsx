import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AuthTabs } from "./auth-tabs.tsx";

function renderTabs(tab: "free" | "premium" | "signin", at = "/auth") {
  const Stub = createRoutesStub([{ path: "/auth", Component: () => <AuthTabs tab={tab} price="€27" /> }]);
  render(<Stub initialEntries={[at]} />);
  return screen.getByRole("navigation", { name: "Choose how to start" });
}

describe("AuthTabs", () => {
  it("links each tab to its tier and marks only the current one", () => {
    const nav = renderTabs("premium");
    const links = nav.querySelectorAll("a");
    expect([...links].map((link) => link.getAttribute("href"))).toEqual([
      "/auth?tier=free",
      "/auth?tier=premium",
      "/auth?tier=signin",
    ]);
    expect([...links].map((link) => link.getAttribute("aria-current"))).toEqual([null, "page", null]);
  });

  it("keeps the page she is to go on to, such as the gift's, on every tab", () => {
    const nav = renderTabs("signin", "/auth?next=%2Fportal%2Fgifts%2Fnew");
    expect([...nav.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual([
      "/auth?tier=free&next=%2Fportal%2Fgifts%2Fnew",
      "/auth?tier=premium&next=%2Fportal%2Fgifts%2Fnew",
      "/auth?tier=signin&next=%2Fportal%2Fgifts%2Fnew",
    ]);
  });

  it("notes the Complete Course's price and the others' own words", () => {
    const nav = renderTabs("signin");
    expect(nav).toHaveTextContent("Foundation CourseFree");
    expect(nav).toHaveTextContent("Complete Course€27");
    expect(nav).toHaveTextContent("Sign InWelcome back");
  });
});
