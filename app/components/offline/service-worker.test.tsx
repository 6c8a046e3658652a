import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SERVICE_WORKER_URL, SKIP_WAITING } from "#app/modules/offline/protocol.ts";
import { applyUpdate, registerServiceWorker } from "./service-worker.ts";

/** A registration whose events the test fires. */
function fakeRegistration(waiting: ServiceWorker | null) {
  const listeners: Record<string, () => void> = {};
  return {
    waiting,
    installing: null as (ServiceWorker & { fire: () => void }) | null,
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    fire: (type: string) => listeners[type]?.(),
  };
}

function fakeWorker(state: ServiceWorkerState = "installed") {
  let onStateChange = () => {};
  return {
    state,
    postMessage: vi.fn(),
    addEventListener: (_type: string, listener: () => void) => (onStateChange = listener),
    fire: () => onStateChange(),
  } as unknown as ServiceWorker & { fire: () => void; postMessage: ReturnType<typeof vi.fn> };
}

describe("the service worker's registration", () => {
  let registration: ReturnType<typeof fakeRegistration>;
  const container = { register: vi.fn(), controller: null as object | null, addEventListener: vi.fn() };

  beforeEach(() => {
    vi.stubEnv("PROD", true);
    Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.clearAllMocks();
  });

  const register = async (waiting: ServiceWorker | null, controlled: boolean) => {
    registration = fakeRegistration(waiting);
    container.controller = controlled ? {} : null;
    container.register.mockResolvedValue(registration);
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate);
    await vi.waitFor(() =>
      expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: "/" }),
    );
    await Promise.resolve();
    return onUpdate;
  };

  it("offers no update on the first install", async () => {
    const onUpdate = await register(fakeWorker(), false);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it("offers a version already waiting from an earlier visit", async () => {
    const waiting = fakeWorker();
    const onUpdate = await register(waiting, true);
    expect(onUpdate).toHaveBeenCalledWith(waiting);
  });

  it("offers a version that finishes installing while the page is open", async () => {
    const onUpdate = await register(null, true);
    const installing = fakeWorker("installing");
    registration.installing = installing;
    registration.fire("updatefound");
    registration.waiting = installing;
    (installing as { state: ServiceWorkerState }).state = "installed";
    installing.fire();
    expect(onUpdate).toHaveBeenCalledWith(installing);
  });

  it("asks the waiting version to take over, and reloads when it has", () => {
    const waiting = fakeWorker();
    applyUpdate(waiting);
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    expect(container.addEventListener).toHaveBeenCalledWith("controllerchange", expect.any(Function), {
      once: true,
    });
  });
});
