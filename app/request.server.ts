import { createContext, type RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "./modules/accounts/auth.server.ts";
import type { Claimant, ConfirmDeps } from "./modules/accounts/confirm-identity.server.ts";
import type { Member } from "./modules/accounts/session.server.ts";
import type { SiteWords } from "./modules/catalogue/pieces.ts";
import type { ContactDeps, ContactSender } from "./modules/contact/contact.server.ts";
import { offlineMemberKey } from "./modules/offline/member-key.server.ts";
import { partnerLinks } from "./modules/partner/share.server.ts";
import type { CheckoutDeps } from "./modules/payments/checkout.server.ts";
import { formatPrice } from "./modules/payments/price.ts";
import type { ProgrammeActionContext } from "./modules/program/actions.server.ts";
import { todayIn } from "./modules/calendar/dates.ts";
import type { CaptionSnapshot } from "./modules/transcripts/transcripts.server.ts";
import type { Db } from "./platform/db.server.ts";
import { isLoopbackHost } from "./platform/env.server.ts";
import type { Logger } from "./platform/log.server.ts";
import { deriveKey } from "./platform/secret.server.ts";
import { paymentDeps, type AppServices } from "./services.server.ts";

/**
 * What a loader or action reads from its request's context: the services the
 * server built at start (services.server.ts), the request's own nonce and log,
 * the signed-in member, and what each module needs for this one request.
 */
/** What is particular to one request. */
export interface RequestInfo {
  /** The CSP nonce that inline scripts must carry. */
  nonce: string;
  log: Logger;
  /** Set when the server turned the request away (server/request-gate.ts): the page is its error page. */
  refusal?: number;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
/** The signed-in member, or null; set once per request by the root middleware. */
export const memberContext = createContext<Member | null>(null);

type ContextArgs = { context: Readonly<RouterContextProvider> };

export function services({ context }: ContextArgs): AppServices {
  return context.get(servicesContext);
}

export function db(args: ContextArgs): Db {
  return services(args).database.db;
}

/** The recordings' captions as published now (the bundled files until the owner publishes one). */
export function captions(args: ContextArgs): Promise<CaptionSnapshot> {
  return services(args).captions.current();
}

/** The site's published words as this instance keeps them (they follow a publish within a second). */
export function siteWords(args: ContextArgs): Promise<SiteWords> {
  return services(args).siteWords.current();
}

/** The server's time for this request: the clock every page reads, which a test run may set. */
export function now(args: ContextArgs): Date {
  return services(args).clock.now();
}

/** The Complete Course's price as every page shows it ("€27"), from the one price setting. */
export function coursePrice(args: ContextArgs): string {
  return formatPrice(services(args).payments.price);
}

/** What the checkout needs for one request: the member's address counts towards the limits. */
export function checkoutDeps(args: ContextArgs & { request: Request }): CheckoutDeps {
  return {
    ...paymentDeps(services(args)),
    log: requestLog(args),
    clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
  };
}

/** What the contact form needs to keep and announce a message, and who sends it. */
export function contactDeps(args: ContextArgs & { request: Request }): {
  deps: ContactDeps;
  sender: ContactSender;
} {
  const { env, mailer } = services(args);
  const member = args.context.get(memberContext);
  return {
    deps: { db: db(args), mailer, ownerEmail: env.OWNER_EMAIL, log: requestLog(args) },
    sender: { headers: args.request.headers, member: member && { id: member.id, email: member.email } },
  };
}

/** What the programme's forms need for the signed-in member's request (the dashboard's, the programme page's). */
export function programmeActionContext(args: ContextArgs): ProgrammeActionContext {
  return {
    db: db(args),
    log: requestLog(args),
    member: signedInMember(args),
    today: memberToday(args),
    baseUrl: services(args).env.BASE_URL,
    partnerLink: partnerLinks,
  };
}

/** What confirming a member's identity needs (her password, or a code emailed to her). */
export function confirmDeps(args: ContextArgs): ConfirmDeps {
  const { database, auth, mailer, secret } = services(args);
  return { db: database.db, auth, mailer, codeKey: deriveKey(secret, "confirmation-code") };
}

/** The signed-in member as the limits see her: her id, her address, where she connects from and on what. */
export function claimant(args: ContextArgs & { request: Request }): Claimant {
  const member = signedInMember(args);
  const { headers } = args.request;
  return {
    id: member.id,
    email: member.email,
    ip: headers.get(CLIENT_IP_HEADER) ?? "unknown",
    device: services(args).devices.recognise(headers.get("cookie"), member.email),
  };
}

/**
 * Whether a request may see a demo run's own pages (the local outbox, the
 * error screens on demand): the run is a demo (it listens on this machine
 * only) and the visitor is on this machine, wherever a proxy header says.
 */
export function isLocalDemoVisitor(args: ContextArgs & { request: Request }): boolean {
  const client = args.request.headers.get(CLIENT_IP_HEADER) ?? "";
  return services(args).env.demo && isLoopbackHost(client.replace(/^::ffff:/, ""));
}

/** The member's own today: the date on their clock, in their time zone. */
export function memberToday(args: ContextArgs & { context: Readonly<RouterContextProvider> }): string {
  const member = signedInMember(args);
  return todayIn(member.timeZone, now(args));
}

/** The member on a page behind the portal guard (which has already sent everyone else away). */
export function signedInMember({ context }: ContextArgs): Member {
  const member = context.get(memberContext);
  if (!member) throw new Error("signedInMember() called outside the portal guard");
  return member;
}

/** The signed-in member's opaque key (MEMBER_HEADER's): what her device keeps her things under. */
export function signedInMemberKey(args: ContextArgs): string {
  return offlineMemberKey(services(args).secret, signedInMember(args).id);
}

export function requestLog({ context }: ContextArgs): Logger {
  return context.get(requestContext).log;
}
