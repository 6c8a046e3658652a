import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeBase64Url } from "#app/modules/reminders/push-subscription.ts";
import { PUSH_TEXTS, PushOnThisDevice } from "./push-device.tsx";

/** A P-256 point's shape (65 bytes, 0x04 first), as the server's public key comes. */
const PUBLIC_KEY = `BA${"A".repeat(85)}`;
const ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc";
const KEYS = { p256dh: `BB${"B".repeat(85)}`, auth: "CCCCCCCCCCCCCCCCCCCCCC" };

function fakeSubscription(key: string | null = PUBLIC_KEY) {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: key ? decodeBase64Url(key)!.buffer : null },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

type Sub = ReturnType<typeof fakeSubscription>;

describe("reminders on this device", () => {
  let current: Sub | null;
  let permission: NotificationPermission;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = fakeSubscription())),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => permission);
  const fetchMock = vi.fn(async (..._args: unknown[]) => new Response("{}", { status: 201 }));

  beforeEach(() => {
    current = null;
    permission = "default";
    requestPermission.mockImplementation(async () => permission);
    fetchMock.mockImplementation(async () => new Response("{}", { status: 201 }));
    Object.defineProperty(window, "PushManager", { value: function PushManager() {}, configurable: true });
    Object.defineProperty(window, "Notification", {
      value: {
        get permission() {
          return permission;
        },
        requestPermission,
      },
      configurable: true,
    });
    Object.defineProperty(navigator, "serviceWorker", {
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
      configurable: true,
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    Reflect.deleteProperty(window, "PushManager");
    Reflect.deleteProperty(window, "Notification");
    Reflect.deleteProperty(navigator, "serviceWorker");
  });

  const posted = () =>
    fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

  it("renders nothing in a browser without the Push API", async () => {
    Reflect.deleteProperty(window, "PushManager");
    const { container } = render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    // Its check is promises only: a timer's turn comes once they have all settled.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it("waits for a service worker that registers late, however late, then offers the button", async () => {
    let registered!: (value: typeof registration) => void;
    Object.defineProperty(navigator, "serviceWorker", {
      value: {
        getRegistration: async () => undefined,
        ready: new Promise((resolve) => (registered = resolve)),
      },
      configurable: true,
    });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const { container } = render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
      // A slow phone: the worker is still not there after a minute.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(container).toBeEmptyDOMElement();
      registered(registration);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole("button", { name: "Send reminders to this device" })).toBeEnabled();
  });

  it("asks for permission, subscribes with the server's key and hands the subscription to the server", async () => {
    permission = "default";
    requestPermission.mockImplementation(async () => (permission = "granted"));
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    expect(await screen.findByRole("status")).toHaveTextContent(PUSH_TEXTS.off);

    await userEvent.click(screen.getByRole("button", { name: "Send reminders to this device" }));

    expect(await screen.findByRole("button", { name: "Stop reminders on this device" })).toBeEnabled();
    expect(screen.getByRole("status")).toHaveTextContent(PUSH_TEXTS.turnedOn);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: decodeBase64Url(PUBLIC_KEY),
    });
    expect(posted()).toEqual([["/api/push-subscription", { endpoint: ENDPOINT, keys: KEYS }]]);
  });

  it("says where to look when notifications are blocked, and offers no button", async () => {
    requestPermission.mockImplementation(async () => (permission = "denied"));
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    await userEvent.click(await screen.findByRole("button", { name: "Send reminders to this device" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Notifications are blocked for this site in your browser's settings.",
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says so at once when they were blocked before", async () => {
    permission = "denied";
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    expect(await screen.findByRole("status")).toHaveTextContent(PUSH_TEXTS.blocked);
  });

  it("stays off, kindly, when the question was dismissed", async () => {
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    await userEvent.click(await screen.findByRole("button", { name: "Send reminders to this device" }));
    expect(await screen.findByRole("status")).toHaveTextContent(PUSH_TEXTS.dismissed);
    expect(screen.getByRole("button", { name: "Send reminders to this device" })).toBeEnabled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("shows a device already on, tells the server again, and turns it off", async () => {
    permission = "granted";
    current = fakeSubscription();
    const subscription = current;
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    expect(await screen.findByRole("status")).toHaveTextContent(PUSH_TEXTS.on);
    await waitFor(() =>
      expect(posted()).toEqual([["/api/push-subscription", { endpoint: ENDPOINT, keys: KEYS }]]),
    );

    await userEvent.click(screen.getByRole("button", { name: "Stop reminders on this device" }));

    expect(await screen.findByRole("button", { name: "Send reminders to this device" })).toBeEnabled();
    expect(screen.getByRole("status")).toHaveTextContent(PUSH_TEXTS.turnedOff);
    expect(posted()[1]).toEqual(["/api/push-subscription", { endpoint: ENDPOINT, unsubscribe: true }]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it("treats a subscription made with other keys as off, and replaces it when turned on", async () => {
    permission = "granted";
    current = fakeSubscription(`BC${"C".repeat(85)}`);
    const old = current;
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    await userEvent.click(await screen.findByRole("button", { name: "Send reminders to this device" }));
    expect(await screen.findByRole("button", { name: "Stop reminders on this device" })).toBeInTheDocument();
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
  });

  it("shows the server's message and undoes the subscription when the server refuses it", async () => {
    permission = "granted";
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: "Too many attempts. Please wait a minute and try again." }), {
          status: 429,
        }),
    );
    render(<PushOnThisDevice publicKey={PUBLIC_KEY} />);
    await userEvent.click(await screen.findByRole("button", { name: "Send reminders to this device" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Too many attempts. Please wait a minute");
    expect(screen.getByRole("button", { name: "Send reminders to this device" })).toBeEnabled();
    expect(current!.unsubscribe).toHaveBeenCalledOnce();
  });
});
