import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import type { CheckoutDeps } from "./checkout.server.ts";
import {
  grantPurchase,
  onceForEvent,
  recordDeclined,
  recordPendingCapture,
  revokePurchase,
  timeOf,
  type GrantOutcome,
  type RevokeOutcome,
} from "./fulfilment.server.ts";
import type { PaymentEvent } from "./payment-event.ts";
import { refundDuplicate } from "./refunds.server.ts";

type Db = Kysely<Database>;
type EventType = PaymentEvent["type"];

interface Handling {
  /** The database, or the transaction that records a provider's event together with its effect. */
  db: Db;
  deps: CheckoutDeps;
  /** Work that must wait until `db`'s writes have committed, so that others see them. */
  afterCommit(work: () => void): void;
}

/** What acting on each kind of event comes to. */
interface Outcomes {
  paid: GrantOutcome;
  pending: void;
  failed: void;
  refunded: RevokeOutcome;
  disputed: RevokeOutcome;
}

/**
 * What each event does: one handler per kind, and the only place a payment
 * event is acted on, whether it came from a webhook or from the provider's
 * answer to a confirmation or a capture.
 */
const handlers: {
  [Type in EventType]: (event: PaymentEvent<Type>, handling: Handling) => Promise<Outcomes[Type]>;
} = {
  async paid({ payment }, { db, deps, afterCommit }) {
    const outcome = await grantPurchase(db, payment, deps.grant);
    afterCommit(() => {
      if (outcome.granted) deps.mailer.deliverSoon(outcome.emailId);
      // In the background: the member's answer (or the provider's webhook) doesn't wait for it.
      else if (outcome.reason === "duplicate") void refundDuplicate(deps, outcome.purchaseId);
    });
    return outcome;
  },
  pending: ({ payment, captureId }, { db }) => recordPendingCapture(db, payment, captureId),
  failed: ({ payment }, { db, deps }) => recordDeclined(db, payment, timeOf(deps.grant)),
  refunded: ({ payment, refundedMinor }, { db, deps }) =>
    revokePurchase(db, payment, deps.grant, timeOf(deps.grant), refundedMinor),
  disputed: ({ payment }, { db, deps }) => revokePurchase(db, payment, deps.grant, timeOf(deps.grant)),
};

function handle<Type extends EventType>(
  event: PaymentEvent<Type>,
  handling: Handling,
): Promise<Outcomes[Type]> {
  return handlers[event.type](event, handling);
}

/**
 * Acts on what a provider answered (a payment confirmed, a capture made):
 * its effects have committed, and what follows them has begun, when this returns.
 */
export async function handlePaymentEvent<Type extends EventType>(
  deps: CheckoutDeps,
  event: PaymentEvent<Type>,
): Promise<Outcomes[Type]> {
  const followUps: (() => void)[] = [];
  const outcome = await handle(event, { db: deps.db, deps, afterCommit: (work) => followUps.push(work) });
  for (const work of followUps) work();
  return outcome;
}

/**
 * Acts on a provider's webhook event once: its id is recorded in the same
 * transaction as its effect, so a redelivery finds it and does nothing. An
 * event with nothing for us to do (`event` null) is recorded all the same.
 */
export async function handleEventOnce(
  deps: CheckoutDeps,
  received: { id: string; type: string; event: PaymentEvent | null },
): Promise<void> {
  const followUps: (() => void)[] = [];
  await onceForEvent(deps.db, received.id, received.type, async (trx) => {
    if (received.event) {
      await handle(received.event, { db: trx, deps, afterCommit: (work) => followUps.push(work) });
    }
  });
  for (const work of followUps) work();
}
