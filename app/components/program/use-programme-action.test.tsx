import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { useProgrammeAction } from "./use-programme-action.ts";

/** What the server saw: each save's value, and how many were being handled at once. */
function fakeServer() {
  const received: string[] = [];
  let handling = 0;
  let mostAtOnce = 0;
  const action = async ({ request }: { request: Request }) => {
    handling += 1;
    mostAtOnce = Math.max(mostAtOnce, handling);
    received.push(String((await request.formData()).get("completed")));
    await new Promise((resolve) => setTimeout(resolve, 30));
    handling -= 1;
    return { ok: true };
  };
  return { action, received, mostAtOnce: () => mostAtOnce };
}

function Toggle() {
  const { submit } = useProgrammeAction();
  return (
    <button
      type="button"
      // Three clicks faster than the page can draw: ticked, unticked, ticked again.
      onClick={() => {
        void submit({ completed: "true" });
        void submit({ completed: "false" });
        void submit({ completed: "true" });
      }}
    >
      Tick quickly
    </button>
  );
}

describe("a programme control's saves", () => {
  it("go one at a time, and a burst of clicks ends with the last one saved", async () => {
    const server = fakeServer();
    const Stub = createRoutesStub([
      { path: "/portal", Component: Toggle, action: server.action, loader: () => ({}) },
    ]);
    render(<Stub initialEntries={["/portal"]} />);
    fireEvent.click(await screen.findByRole("button", { name: "Tick quickly" }));
    await waitFor(() => expect(server.received).toEqual(["true", "true"]));
    expect(server.mostAtOnce()).toBe(1);
  });
});
