import { Link } from "react-router";
import { formatPrice } from "#app/modules/payments/price.ts";
import type { FigureCard, Money } from "#app/modules/studio/figures.ts";

/**
 * The studio's figures as cards: each its label, its number and what it
 * counts; a card whose members the list can show links there (the list's
 * count is the card's number).
 */
export function FigureCards({ cards }: { cards: FigureCard[] }) {
  return (
    <dl
      className={`mt-6 grid grid-cols-2 gap-3 sm:gap-4 ${cards.length % 3 === 0 ? "md:grid-cols-3" : "md:grid-cols-4"}`}
    >
      {cards.map((card) => (
        <div key={card.label} className="flex flex-col rounded-2xl border border-ink/10 bg-white p-4">
          <dt className="text-sm font-medium text-ink-soft">
            {card.href ? (
              <Link to={card.href} className="text-plum underline underline-offset-4">
                {card.label}
              </Link>
            ) : (
              card.label
            )}
          </dt>
          <dd className="mt-1 font-serif text-3xl font-semibold text-ink">{card.value}</dd>
          <dd className="mt-1 text-sm text-ink-soft">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}

const ROWS = [
  { key: "paidIn", label: "Paid in" },
  { key: "refunded", label: "Refunded" },
  { key: "kept", label: "Kept" },
] as const;

/**
 * The money: paid in, refunded and kept, this week against last and in all,
 * one table per currency (the course sells in one, so there is one).
 */
export function MoneyTables({
  money,
  weekWords,
}: {
  money: { thisWeek: Money[]; lastWeek: Money[]; allTime: Money[] };
  weekWords: string;
}) {
  const zero = (currency: string): Money => ({ currency, paidIn: 0, refunded: 0, kept: 0 });
  const of = (list: Money[], currency: string) => list.find((m) => m.currency === currency) ?? zero(currency);
  return (
    <section aria-labelledby="money-heading" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="money-heading" className="text-xl font-semibold">
          Money
        </h2>
        <Link
          to="/studio/purchases"
          className="inline-flex min-h-11 items-center text-plum underline underline-offset-4"
        >
          Every payment
        </Link>
      </div>
      <p className="max-w-prose text-sm text-ink-soft">
        What members paid for the course, counted in the week each payment went through; refunds in the week
        they were made. Kept is paid in less refunded, before Stripe&apos;s and PayPal&apos;s fees.{" "}
        {weekWords}
      </p>
      {money.allTime.length === 0 ? (
        <p className="mt-4 text-ink-soft">No payments yet.</p>
      ) : (
        money.allTime.map(({ currency }) => (
          <div
            key={currency}
            className="mt-4 max-w-3xl overflow-x-auto rounded-2xl border border-ink/10 bg-white"
          >
            <table className="w-full text-left text-[0.95rem]">
              <caption className="sr-only">
                Money in {currency}: this week against last week, and in all
              </caption>
              <thead className="border-b border-ink/10 align-bottom text-sm text-ink-soft">
                <tr>
                  <td className="px-3 py-2 sm:px-4" />
                  <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                    This week so far
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium sm:px-4">
                    Last week
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap sm:px-4">
                    In all
                  </th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map((row) => (
                  <tr key={row.key} className="border-b border-ink/5 last:border-0">
                    <th scope="row" className="px-3 py-2 font-medium sm:px-4">
                      {row.label}
                    </th>
                    {[money.thisWeek, money.lastWeek, money.allTime].map((list, index) => (
                      <td key={index} className="px-3 py-2 text-right whitespace-nowrap tabular-nums sm:px-4">
                        {formatPrice({ amountMinor: of(list, currency)[row.key], currency })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}
