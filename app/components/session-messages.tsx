import { useEffect, useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { authMessages } from "#app/modules/accounts/providers.ts";
import type { Flash } from "#app/modules/site/flash.server.ts";
import { ACROSS_PAGES, toast } from "#app/components/ui/toaster.tsx";

const SESSION_CHANNEL = "tidewell-session";

/** The messages of a session this tab ended itself. */
const endedHere = new Set<string>([authMessages.signedOut, authMessages.accountDeleted]);

/** One toast says she signed out, whether the server's message or this tab's stand-in for it shows it. */
const SIGNED_OUT_TOAST = "signed-out-here";

/**
 * Set while this tab's own sign-out is on its way. The page that answers it can lose the server's
 * message to a second load that overtakes it (the sign-out also clears the site's storage, its
 * service worker with it), and without it her own sign-out would read as one from elsewhere.
 */
let signingOutHere = false;
export function signOutStarted(started = true) {
  signingOutHere = started;
}

/** Tells other open tabs that this one signed out, so they check their session. */
function announceSignOut() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage("signed-out");
  channel.close();
}

/**
 * The message the server left for this page: a toast when JavaScript runs, a
 * banner when it does not.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "success" ? toast.success : flash.type === "error" ? toast.error : toast.info;
    show(flash.message, {
      description: flash.description,
      ...(flash.message === authMessages.signedOut ? { id: SIGNED_OUT_TOAST } : {}),
    });
  }, [flash]);
  if (!flash) return null;
  return (
    <noscript>
      <div
        role="status"
        className="border-b border-lavender bg-lavender-soft px-5 py-3 text-center text-plum-deep"
      >
        {flash.message}
        {flash.description ? ` ${flash.description}` : null}
      </div>
    </noscript>
  );
}

/**
 * Notices when a session ends somewhere else (another tab, expiry, a password
 * reset) and says so, then goes home. Only when there was a session before.
 */
export function SessionWatcher({ memberId, flash }: { memberId: string | null; flash: Flash | null }) {
  const previous = useRef(memberId);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    // This tab has just signed out: let the others know.
    if (flash?.message === authMessages.signedOut) announceSignOut();
  }, [flash]);

  useEffect(() => {
    const had = previous.current;
    previous.current = memberId;
    if (!had || memberId) return;
    const ownSignOut = signingOutHere;
    signingOutHere = false;
    // This tab ended the session itself: its own message says so.
    if (flash && endedHere.has(flash.message)) return;
    if (ownSignOut) {
      toast.success(authMessages.signedOut, { id: SIGNED_OUT_TOAST });
      announceSignOut();
      if (window.location.pathname !== "/") navigate("/", { replace: true });
      return;
    }
    toast.dismiss();
    toast.info(authMessages.signedOutElsewhere, { id: `${ACROSS_PAGES}signed-out` });
    navigate("/", { replace: true });
  }, [memberId, flash, navigate]);

  useEffect(() => {
    if (!memberId) return;
    const recheck = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    document.addEventListener("visibilitychange", recheck);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SESSION_CHANNEL);
    if (channel) channel.onmessage = () => void revalidate();
    return () => {
      document.removeEventListener("visibilitychange", recheck);
      channel?.close();
    };
  }, [memberId, revalidate]);

  return null;
}
