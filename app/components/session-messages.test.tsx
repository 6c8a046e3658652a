import { act, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { authMessages } from "#app/modules/accounts/providers.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import { Toaster, toast } from "#app/components/ui/toaster.tsx";
import { FlashMessage, SessionWatcher, signOutStarted } from "./session-messages.tsx";

const SIGNED_OUT: Flash = { type: "success", message: authMessages.signedOut };

/** A signed-in page whose root data then loses its member, with or without the server's message. */
function renderSignedInPage() {
  let endSession: (flash: Flash | null) => void = () => {};
  function Page() {
    const [state, setState] = useState<{ memberId: string | null; flash: Flash | null }>({
      memberId: "member-1",
      flash: null,
    });
    endSession = (flash) => setState({ memberId: null, flash });
    return (
      <>
        <SessionWatcher memberId={state.memberId} flash={state.flash} />
        <FlashMessage flash={state.flash} />
        <Toaster />
      </>
    );
  }
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  render(<Stub initialEntries={["/"]} />);
  return { endSession: (flash: Flash | null) => act(() => endSession(flash)) };
}

describe("when a session ends", () => {
  // Sonner's toasts outlive a render: each test's go before the next.
  afterEach(async () => {
    act(() => toast.dismiss());
    await waitFor(() => expect(document.querySelector("[data-sonner-toast]")).toBeNull());
  });

  it("says 'You've been signed out' when it ended elsewhere", async () => {
    const page = renderSignedInPage();
    page.endSession(null);
    expect(await screen.findByText(authMessages.signedOutElsewhere)).toBeInTheDocument();
  });

  it("says 'Signed out successfully' for her own sign-out even when the server's message was lost", async () => {
    const page = renderSignedInPage();
    signOutStarted();
    page.endSession(null);
    expect(await screen.findByText(authMessages.signedOut)).toBeInTheDocument();
    expect(screen.queryByText(authMessages.signedOutElsewhere)).toBeNull();
  });

  it("says it once when the server's message comes too", async () => {
    const page = renderSignedInPage();
    signOutStarted();
    page.endSession(SIGNED_OUT);
    expect(await screen.findByText(authMessages.signedOut)).toBeInTheDocument();
    expect(screen.getAllByText(authMessages.signedOut)).toHaveLength(1);
    expect(screen.queryByText(authMessages.signedOutElsewhere)).toBeNull();
  });
});
