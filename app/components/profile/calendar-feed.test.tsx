import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { toast } from "#app/components/ui/toaster.tsx";
import { CalendarFeed, webcalUrl } from "./calendar-feed.tsx";

vi.mock("#app/components/ui/toaster.tsx", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const FEED_URL = "https://tidewell.example/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics";

function renderFeed(url: string | null) {
  const action = vi.fn(async ({ request }: { request: Request }) =>
    Object.fromEntries(await request.formData()),
  );
  const Stub = createRoutesStub([
    { path: "/portal/profile", Component: () => <CalendarFeed url={url} />, action },
  ]);
  render(<Stub initialEntries={["/portal/profile"]} />);
  return action;
}

describe("Add practice to my calendar", () => {
  it("offers to turn the link on, as a plain post to her profile", async () => {
    const action = renderFeed(null);
    await screen.findByRole("heading", { name: "Add practice to my calendar" });
    expect(screen.queryByLabelText("Your calendar link")).toBeNull();
    expect(screen.queryByRole("link", { name: "Open in my calendar app" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Turn on the calendar link" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "calendar-feed-on" });
  });

  it("shows her link to copy or open in her calendar app, and makes a new one", async () => {
    const action = renderFeed(FEED_URL);
    const field = await screen.findByLabelText("Your calendar link");
    expect(field).toHaveValue(FEED_URL);
    expect(field).toHaveAttribute("readonly");
    expect(screen.getByRole("link", { name: "Open in my calendar app" })).toHaveAttribute(
      "href",
      "webcal://tidewell.example/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics",
    );
    await userEvent.click(screen.getByRole("button", { name: "Make a new link" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "calendar-feed-on" });
  });

  it("turns it off", async () => {
    const action = renderFeed(FEED_URL);
    await userEvent.click(await screen.findByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "calendar-feed-off" });
  });

  it("copies the link with JavaScript, and says so", async () => {
    const user = userEvent.setup();
    renderFeed(FEED_URL);
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    expect(toast.success).toHaveBeenCalledWith("Link copied", expect.anything());
  });

  it("has no copy button without JavaScript: the page as the server sends it", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <CalendarFeed url={FEED_URL} /> }]);
    const html = renderToString(<Stub />);
    expect(html).toContain("Your calendar link");
    expect(html).toContain('value="calendar-feed-off"');
    expect(html).not.toContain("Copy link");
  });

  it("turns http and https links into webcal ones", () => {
    expect(webcalUrl("http://localhost:3000/calendar/x.ics")).toBe("webcal://localhost:3000/calendar/x.ics");
    expect(webcalUrl(FEED_URL)).toMatch(/^webcal:\/\/tidewell\.example\//);
  });
});
