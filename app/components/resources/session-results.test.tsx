import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SessionSearchForm } from "#app/components/portal/session-search.tsx";
import { SessionResults } from "./session-results.tsx";

const FOUND = [
  {
    id: "fear-release",
    title: "Fear Release",
    locked: false,
    excerpt: "It is normal to have worries about birth.",
  },
  { id: "positive-caesarean", title: "Positive Caesarean Birth", locked: true, excerpt: null },
];

function renderAt(element: () => React.ReactNode, path = "/portal/resources") {
  const Stub = createRoutesStub([{ path: "/portal/*", Component: element }]);
  render(<Stub initialEntries={[path]} />);
}

describe("the sessions a search found", () => {
  it("shows each with the sentence that matched and a link to its transcript, and counts them", async () => {
    renderAt(() => <SessionResults query="birth" found={FOUND} current onSearch={() => {}} />);
    expect(await screen.findByRole("status")).toHaveTextContent("2 sessions");
    expect(screen.getByText(/worries about birth/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read the transcript of Fear Release" })).toHaveAttribute(
      "href",
      "/portal/library/fear-release/transcript",
    );
    // A locked session was found by its title: no words of it, and it says where it is.
    expect(
      screen.getByRole("link", { name: "In the Complete Course of Positive Caesarean Birth" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/^In the session:/)).toHaveLength(1);
  });

  it("offers to search them again while she types a new search", async () => {
    const onSearch = vi.fn();
    renderAt(() => <SessionResults query="calm" found={FOUND} current={false} onSearch={onSearch} />);
    await userEvent.click(await screen.findByRole("button", { name: "Search the sessions for “calm”" }));
    expect(onSearch).toHaveBeenCalled();
    expect(screen.queryByRole("listitem")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});

describe("the library's search box", () => {
  it("shows the search back, with a link that clears it", async () => {
    renderAt(() => <SessionSearchForm query="calm breath" action="/portal/library" />, "/portal/library");
    expect(await screen.findByRole("searchbox", { name: "Search sessions" })).toHaveValue("calm breath");
    expect(screen.getByRole("link", { name: "Clear the search" })).toHaveAttribute("href", "/portal/library");
  });

  it("offers no clear link with nothing searched", async () => {
    renderAt(() => <SessionSearchForm query="" action="/portal/library" />, "/portal/library");
    expect(await screen.findByRole("searchbox", { name: "Search sessions" })).toHaveValue("");
    expect(screen.queryByRole("link", { name: "Clear the search" })).toBeNull();
  });
});
