import type { Route } from "./+types/gift-new";
import { GiftCheckout } from "#app/components/gifts/gift-checkout.tsx";
import { checkoutForBrowser } from "#app/modules/payments/payments.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { coursePrice, memberToday, services, signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Give the course as a gift · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  return {
    member: { email: member.email, hasPremium: member.hasPremium },
    price: coursePrice(args),
    checkout: checkoutForBrowser(services(args).payments),
    today: memberToday(args),
  };
}

/** The course as a gift: whom it is for, her message and the day, then card or PayPal. */
export default function GiftNew({ loaderData }: Route.ComponentProps) {
  return <GiftCheckout {...loaderData} />;
}
