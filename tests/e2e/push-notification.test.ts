import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_JOB } from "#app/modules/reminders/reminders.server.ts";
import { VAPID_KEYS_FILE } from "#app/modules/reminders/vapid.server.ts";
import { startPushService, type FakePushService, type FakeSubscription } from "../support/push-service.ts";
import { expectToast, signInOverHttp, withServerDatabase } from "./support/accounts.ts";
import { expectAccessible, useBrowser, waitForHydration } from "./support/browser.ts";
import { useServerWithClock } from "./support/clock-server.ts";

/**
 * A reminder as a notification, in Chromium: she allows notifications and
 * turns them on for this device from her profile; at her time the server
 * signs and encrypts the reminder for her browser's push service (a local
 * fake speaking Web Push, which checks the signature and decrypts it) and the
 * portal's service worker shows it. The hop from the push service to the
 * browser is DevTools' own (`ServiceWorker.deliverPushMessage`), and the
 * browser's registration with its push service, which needs Google's servers,
 * is stood in for by a subscription at the fake.
 */
describe("a reminder as a notification", () => {
  const browser = useBrowser({ whole: true });
  let push: FakePushService;

  beforeAll(async () => {
    push = await startPushService();
  });
  // The server takes subscriptions at this push service only: it starts once the service listens.
  const clocked = useServerWithClock("2026-11-25T10:00:00Z", () => ({ LOCAL_PUSH_SERVICE: push.origin }));
  afterAll(async () => {
    await push?.close();
  });

  /** Stands in for Chromium's registration with its own push service: the subscription is at the fake. */
  const subscriptionAtTheFake = (subscription: FakeSubscription) => {
    const keyBytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)).buffer;
    let current: PushSubscription | null = null;
    const make = (options: PushSubscriptionOptionsInit) =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        options,
        getKey: (name: "p256dh" | "auth") => keyBytes(subscription.keys[name]),
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) =>
      (current = make(options ?? {}));
    PushManager.prototype.getSubscription = async () => current;
  };

  it("she turns reminders on for this device; at her time one is shown, and it opens today's practice", async () => {
    const { publicKey } = JSON.parse(
      fs.readFileSync(path.join(clocked.server.dataDir, VAPID_KEYS_FILE), "utf8"),
    ) as {
      publicKey: string;
    };
    const device = push.createSubscription({ applicationServerKey: publicKey });
    const context = await browser.newContext();
    await context.grantPermissions(["notifications"], { origin: clocked.server.baseUrl });
    await context.addInitScript(subscriptionAtTheFake, device);
    const { email } = await signInOverHttp(context, { server: clocked.server });
    const page = await context.newPage();

    await page.goto(`${clocked.server.baseUrl}/portal/profile`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Daily practice reminder" });
    await section.getByRole("button", { name: "Send reminders to this device" }).click();
    await section.getByText("Done. Your reminders will come to this device.").waitFor();
    await section.getByLabel("Remind me to practise each day").check();
    await section.getByLabel("Reminder time").fill("20:00");
    await section.getByLabel(/^By email/).uncheck();
    await section.getByLabel(/^As a notification/).check();
    await section.getByRole("button", { name: "Save reminder" }).click();
    await expectToast(page, "Reminders are on. We'll nudge you at 20:00 on days you haven't practised yet.");
    await section.getByRole("button", { name: "Stop reminders on this device" }).waitFor();
    await expectAccessible(page);

    // The push service hands what reaches it to the browser, as its own connection would.
    const cdp = await context.newCDPSession(page);
    const scope = `${clocked.server.baseUrl}/`;
    let registrationId: string | undefined;
    const activated = new Set<string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      for (const registration of registrations)
        if (registration.scopeURL === scope && !registration.isDeleted)
          registrationId = registration.registrationId;
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const version of versions)
        if (version.status === "activated") activated.add(version.registrationId);
    });
    // What Chromium's DevTools log of background services says of this site: the push event, its
    // outcome once the worker's waitUntil has settled, and the notification it displayed.
    const logged = { pushMessaging: [] as string[], notifications: [] as string[] };
    cdp.on("BackgroundService.backgroundServiceEventReceived", ({ backgroundServiceEvent: event }) => {
      if (event.origin !== scope || !(event.service in logged)) return;
      // Chromium sends the metadata in no set order.
      const said = event.eventMetadata
        .filter(({ key }) => key !== "Payload")
        .map(({ key, value }) => `${key}: ${value}`)
        .sort();
      logged[event.service as keyof typeof logged].push([event.eventName, ...said].join(" | "));
    });
    for (const service of ["pushMessaging", "notifications"] as const) {
      await cdp.send("BackgroundService.startObserving", { service });
      await cdp.send("BackgroundService.setRecording", { service, shouldRecord: true });
    }
    await cdp.send("ServiceWorker.enable");
    // A push reaches only an active worker: wait for hers before the clock reaches 20:00.
    await expect.poll(() => registrationId && activated.has(registrationId), { timeout: 20_000 }).toBe(true);
    const relayErrors: string[] = [];
    push.onMessage(async (message) => {
      if (message.subscriptionId !== device.id) return;
      await cdp
        .send("ServiceWorker.deliverPushMessage", {
          origin: clocked.server.baseUrl,
          registrationId: registrationId!,
          data: message.text,
        })
        .catch((error: Error) => relayErrors.push(error.message));
    });

    clocked.setClock("2026-11-25T20:00:20Z");
    const received = await push.waitFor((message) => message.subscriptionId === device.id);
    expect(received.vapid.publicKey).toBe(publicKey);
    // The worker starts, loads the icon and shows it; its push event ends when showing has. Nothing
    // reads the notifications meanwhile: Chromium's getNotifications() deletes, for good, one it
    // has stored but not yet put on display, so a read during the showing loses it.
    await expect
      .poll(() => ({ relayErrors, logged }), { timeout: 30_000 })
      .toEqual({
        relayErrors: [],
        logged: {
          pushMessaging: ["Push event dispatched", "Push event completed | Status: Success"],
          notifications: [
            "Notification displayed | Body: Today's practice is ready whenever you are. | Title: A few calm minutes for today",
          ],
        },
      });
    const shown = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });
    expect(shown).toEqual([
      {
        title: "A few calm minutes for today",
        body: "Today's practice is ready whenever you are.",
        url: "/portal/program#today",
      },
    ]);
    // No email: she chose notifications only. The reminder that sent the push would have queued it.
    const emailed = await withServerDatabase(
      (db) =>
        db
          .selectFrom("email_outbox")
          .select("id")
          .where("to_address", "=", email.toLowerCase())
          .where("kind", "=", REMINDER_JOB)
          .execute(),
      clocked.server,
    );
    expect(emailed).toEqual([]);

    // Opening it takes her to today's practice.
    await page.goto(`${clocked.server.baseUrl}${shown[0]!.url!}`);
    await waitForHydration(page);
    expect(page.url()).toBe(`${clocked.server.baseUrl}/portal/program#today`);
    await page.locator("#today").getByRole("button", { name: "Mark as Complete" }).waitFor();
    await context.close();
  });
});
