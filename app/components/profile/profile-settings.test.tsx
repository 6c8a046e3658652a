import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { StreakSetting } from "./profile-settings.tsx";

function renderSetting(hidden: boolean) {
  const action = vi.fn(async ({ request }: { request: Request }) =>
    Object.fromEntries(await request.formData()),
  );
  const Stub = createRoutesStub([
    { path: "/portal/profile", Component: () => <StreakSetting hidden={hidden} />, action },
  ]);
  render(<Stub initialEntries={["/portal/profile"]} />);
  return action;
}

describe("the Hide streaks setting", () => {
  it("shows her setting and posts it as a plain form", async () => {
    const action = renderSetting(false);
    const box = await screen.findByRole("checkbox", { name: "Hide streaks" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("button", { name: "Save setting" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "streak-settings", hideStreaks: "on" });
  });

  it("sends nothing for the box when she unticks it, to show streaks again", async () => {
    const action = renderSetting(true);
    const box = await screen.findByRole("checkbox", { name: "Hide streaks" });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole("button", { name: "Save setting" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]!.value).toEqual({ intent: "streak-settings" });
  });
});
