import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppCrashScreen, RouteErrorScreen } from "./error-screens.tsx";

function renderThrowing(thrown: unknown) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => null,
      HydrateFallback: () => null,
      loader: () => {
        throw thrown;
      },
      ErrorBoundary: ({ error }: { error: unknown }) => <RouteErrorScreen error={error} />,
    },
  ]);
  render(<Stub />);
}

describe("RouteErrorScreen", () => {
  it.each([
    [404, "Page Not Found"],
    [401, "Unauthorized"],
    [403, "Access Denied"],
    [500, "Server Error"],
    [429, "Error 429"],
  ])("titles a %s response %s, with Go Back and Go Home", async (status, title) => {
    renderThrowing(data(null, { status }));
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it("offers Sign In on 401", async () => {
    renderThrowing(data(null, { status: 401 }));
    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  });

  it("adds the helpful links only on 404", async () => {
    renderThrowing(data(null, { status: 404 }));
    const links = await screen.findByRole("navigation", { name: "Helpful links" });
    const hrefs = [...links.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["/course", "/free-downloads", "/about", "/contact"]);
  });

  it("shows no helpful links or Sign In for a 403", async () => {
    renderThrowing(data(null, { status: 403 }));
    await screen.findByRole("heading", { name: "Access Denied" });
    expect(screen.queryByRole("navigation", { name: "Helpful links" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("calls a thrown error 'Oops! Something went wrong'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderThrowing(new Error("boom"));
    expect(await screen.findByRole("heading", { name: "Oops! Something went wrong" })).toBeInTheDocument();
    expect(screen.queryByText("boom")).toBeNull();
  });

  it("goes back in history on Go Back", async () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    renderThrowing(data(null, { status: 404 }));
    await userEvent.click(await screen.findByRole("button", { name: "Go Back" }));
    expect(back).toHaveBeenCalledOnce();
  });
});

describe("AppCrashScreen", () => {
  it("offers Try Again, Go Home, the support email and troubleshooting tips", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    render(<AppCrashScreen supportEmail="help@tidewell.example" />);
    expect(screen.getByRole("heading", { level: 1, name: "Oops! Something went wrong" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: /help@tidewell.example/ })).toHaveAttribute(
      "href",
      "mailto:help@tidewell.example",
    );
    expect(screen.getByRole("heading", { name: "Things that often help" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").length).toBeGreaterThanOrEqual(3);
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
