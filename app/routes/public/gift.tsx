import { data, Form, Link, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/gift";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { openGift, redeemGift, type RedeemOutcome } from "#app/modules/payments/gifts.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { PRIVATE_PAGE_HEADERS } from "#app/modules/site/private-page.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { db, memberContext, now, services } from "#app/request.server.ts";

export function headers() {
  return PRIVATE_PAGE_HEADERS;
}

export function meta() {
  return [
    { title: `A gift for you · ${BRAND.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

const caller = (args: { request: Request; context: Route.LoaderArgs["context"] }) => ({
  now: now(args),
  clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
});

/** Why a gift's link can't be used, in plain words. */
const refusals: Record<Exclude<RedeemOutcome, { ok: true }>["reason"], string> = {
  redeemed: "This gift has been redeemed already. If that wasn't you, please write to us.",
  refunded: "This gift was refunded to the person who gave it, so it can't be redeemed any more.",
  unknown: "We can't find a gift for this link. Please check it's the whole link from your email.",
  limited: "Too many tries from here. Please wait a few minutes and open the link again.",
  "already-had":
    "You already have the Complete Course, so there's nothing to add. We've let the person who gave it know, so they can have it refunded.",
  "own-gift": "This is a gift you gave: it's for the person you sent it to.",
};

/** A gift's link: who it is from and her message, then a way to redeem it once signed in. */
export async function loader(args: Route.LoaderArgs) {
  const link = await openGift(db(args), args.params.code, caller(args));
  const member = args.context.get(memberContext);
  const view =
    link.status === "open"
      ? { ok: true as const, from: link.giverFirstName, message: link.message }
      : { ok: false as const, message: refusals[link.status] };
  return data(
    { view, signedIn: member !== null, hasCourse: member?.hasPremium ?? false },
    {
      status: link.status === "limited" ? 429 : link.status === "unknown" ? 404 : 200,
      headers: PRIVATE_PAGE_HEADERS,
    },
  );
}

export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ message: "Please sign in first, then redeem your gift." }, { status: 401 });
  const { outcome, emailId } = await redeemGift(db(args), args.params.code, member, {
    ...caller(args),
    baseUrl: services(args).env.BASE_URL,
  });
  if (emailId) services(args).mailer.deliverSoon(emailId);
  if (!outcome.ok) {
    return data({ message: refusals[outcome.reason] }, { status: outcome.reason === "limited" ? 429 : 409 });
  }
  return redirectWithFlash(services(args).flash, "/portal", {
    type: "success",
    message: "Your gift is redeemed: the Complete Course is yours. Welcome.",
  });
}

export default function Gift({ loaderData, actionData }: Route.ComponentProps) {
  const { view, signedIn, hasCourse } = loaderData;
  const code = useParams().code ?? "";
  const navigation = useNavigation();
  const back = `/auth?next=${encodeURIComponent(`/gift/${code}`)}`;
  return (
    <section className="container-page flex min-h-[60vh] max-w-xl flex-col justify-center gap-5 py-16">
      {view.ok ? (
        <>
          <h1 className="text-3xl font-semibold md:text-4xl">
            {view.from
              ? `${view.from} has given you the Complete Course`
              : "A gift for you: the Complete Course"}
          </h1>
          <blockquote className="border-l-2 border-line pl-4 text-lg [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
            {view.message}
          </blockquote>
          <p className="text-lg text-ink-soft">
            {BRAND.name}&apos;s Complete Course: calm, practical hypnobirthing to listen to at your own pace,
            yours for good once you redeem it.
          </p>
          {actionData ? <Alert tone={hasCourse ? "info" : "error"}>{actionData.message}</Alert> : null}
          {signedIn && hasCourse && !actionData ? (
            <>
              <Alert tone="info">
                You already have the Complete Course, so this gift has nothing to add. Let the person who gave
                it know, and they can have it refunded.
              </Alert>
              <Form method="post">
                <Button type="submit" variant="outline" disabled={navigation.state === "submitting"}>
                  Let them know
                </Button>
              </Form>
            </>
          ) : signedIn && !hasCourse ? (
            <Form method="post">
              <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Redeeming..." : "Redeem my gift"}
              </Button>
            </Form>
          ) : signedIn ? null : (
            <>
              <p>
                First create your free account, or sign in if you have one. Then open this link again to
                redeem your gift.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button asChild>
                  <Link to="/auth?tier=free">Create my account</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={back}>Sign in</Link>
                </Button>
              </div>
            </>
          )}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold md:text-4xl">This gift link can't be used</h1>
          <p role="status" className="text-lg text-ink-soft">
            {view.message}
          </p>
        </>
      )}
    </section>
  );
}
