import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useId, type ReactNode } from "react";
import { countOf } from "#app/modules/words/plural.ts";
import { formatShare, weekLabel, type Drop } from "#app/modules/studio/insights.ts";

/**
 * The insights page's charts: SVG drawn on the server with visx, each in a
 * figure with its caption, a summary for screen readers (the SVG is one
 * image) and the same numbers as a table. Only the insights page imports
 * this file, so no other page carries the chart library.
 *
 * The drawing is 360 units wide and scales to the figure's width: on a phone
 * its 11-unit labels read at about 11 px, on a wide screen a little larger.
 * Colours are the palette's; every mark is at least 3:1 against the white
 * card, and no series is told apart by colour alone (a legend in words, and the table).
 */

const WIDTH = 360;
const FONT = 11;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 40 };
const number = (value: number) => value.toLocaleString("en-GB");

/* The frame every chart shares. */

interface TableColumn {
  label: string;
}

interface TableRow {
  key: string;
  header: ReactNode;
  cells: ReactNode[];
}

function ChartFigure({
  title,
  note,
  summary,
  height,
  legend,
  table,
  children,
}: {
  title: string;
  /** A line under the title: what is counted, or what stands out. */
  note?: ReactNode;
  /** The SVG's label: what the chart shows, in a sentence or two. */
  summary: string;
  height: number;
  legend?: ReactNode;
  table: { caption: string; columns: TableColumn[]; rows: TableRow[] };
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-ink/10 bg-white p-4">
      <figcaption>
        <span id={titleId} className="block font-semibold text-ink">
          {title}
        </span>
        {note ? <span className="mt-1 block text-sm text-ink-soft">{note}</span> : null}
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        className="mt-3 block h-auto text-ink-soft"
      >
        {children}
      </svg>
      {legend}
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-plum underline-offset-4 hover:underline">
          Show as a table
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-[0.95rem]">
            <caption className="pb-2 text-left text-sm text-ink-soft">{table.caption}</caption>
            <thead className="border-b border-ink/10 text-sm text-ink-soft">
              <tr>
                {table.columns.map((column, index) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={index === 0 ? "py-2 pr-3 font-medium" : "px-3 py-2 text-right font-medium"}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} className="border-b border-ink/5 last:border-0">
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    {row.header}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

const tickLabel = { fill: "currentColor", fontFamily: "inherit", fontSize: FONT } as const;

/** Horizontal grid lines at the value axis's ticks. */
function Grid({ ticks, y, width }: { ticks: number[]; y: (value: number) => number; width: number }) {
  return (
    <g>
      {ticks.map((tick) => (
        <line key={tick} x1={0} x2={width} y1={y(tick)} y2={y(tick)} className="stroke-line" />
      ))}
    </g>
  );
}

/** Whole-number ticks for counts, at most about five. */
function countTicks(max: number): number[] {
  return scaleLinear<number>({ domain: [0, Math.max(1, max)], nice: true })
    .ticks(Math.min(5, Math.max(1, max)))
    .filter((tick) => Number.isInteger(tick));
}

const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** Every other week labelled, ending with this one, so twelve fit on a phone. */
function everyOtherWeek(weeks: string[]): string[] {
  return weeks.filter((_, index) => (weeks.length - 1 - index) % 2 === 0);
}

function span(weeks: string[]): string {
  if (weeks.length === 0) return "";
  return `the ${weeks.length} weeks from ${weekLabel(weeks[0]!, { long: true })} to the week of ${weekLabel(weeks.at(-1)!, { long: true })}`;
}

/* Sign-ups and purchases per week. */

export interface WeeklyFigures {
  week: string;
  signUps: number;
  payments: number;
  refunded: number;
}

export function WeeklyChart({ weeks, weekWords }: { weeks: WeeklyFigures[]; weekWords: string }) {
  const height = 200;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const max = Math.max(0, ...weeks.flatMap((w) => [w.signUps, w.payments]));
  const ticks = countTicks(max);
  const x = scaleBand<string>({ domain: weeks.map((w) => w.week), range: [0, innerWidth], padding: 0.2 });
  const series = scaleBand<string>({
    domain: ["signUps", "payments"],
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const y = scaleLinear<number>({ domain: [0, ticks.at(-1) ?? 1], range: [innerHeight, 0] });
  const at = (value: number) => y(value) ?? 0;

  const signUps = weeks.reduce((sum, w) => sum + w.signUps, 0);
  const payments = weeks.reduce((sum, w) => sum + w.payments, 0);
  const refunded = weeks.reduce((sum, w) => sum + w.refunded, 0);
  const busiest = weeks.reduce<WeeklyFigures | null>(
    (best, w) => (w.signUps > (best?.signUps ?? 0) ? w : best),
    null,
  );
  const summary =
    `Bar chart of sign-ups and payments per week over ${span(weeks.map((w) => w.week))}: ` +
    `${number(signUps)} sign-ups and ${number(payments)} payments in all` +
    (busiest
      ? `; the most sign-ups, ${number(busiest.signUps)}, in the week of ${weekLabel(busiest.week)}.`
      : ".");

  return (
    <ChartFigure
      title="Sign-ups and payments per week"
      note={`Sign-ups are members who joined; payments are those that went through, in their week, ${number(refunded)} of them refunded since. ${weekWords}`}
      summary={summary}
      height={height}
      legend={
        <Legend
          items={[
            { label: "Sign-ups", swatch: "bg-plum" },
            { label: "Payments", swatch: "bg-sage" },
          ]}
        />
      }
      table={{
        caption: "Sign-ups and payments per week, by the week's Monday",
        columns: [
          { label: "Week of" },
          { label: "Sign-ups" },
          { label: "Payments" },
          { label: "Of them refunded since" },
        ],
        rows: weeks.map((w) => ({
          key: w.week,
          header: weekLabel(w.week, { long: true }),
          cells: [number(w.signUps), number(w.payments), number(w.refunded)],
        })),
      }}
    >
      <Group left={MARGIN.left} top={MARGIN.top}>
        <Grid ticks={ticks} y={at} width={innerWidth} />
        {weeks.map((w) => (
          <Group key={w.week} left={x(w.week) ?? 0}>
            <Bar
              x={series("signUps") ?? 0}
              y={at(w.signUps)}
              width={series.bandwidth()}
              height={innerHeight - at(w.signUps)}
              className="fill-plum"
            />
            <Bar
              x={series("payments") ?? 0}
              y={at(w.payments)}
              width={series.bandwidth()}
              height={innerHeight - at(w.payments)}
              className="fill-sage"
            />
          </Group>
        ))}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          hideTicks
          stroke="currentColor"
          tickLabelProps={{ ...tickLabel, dx: -2 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={everyOtherWeek(weeks.map((w) => w.week))}
          tickFormat={(week) => weekLabel(week)}
          hideTicks
          stroke="currentColor"
          tickLabelProps={tickLabel}
        />
      </Group>
    </ChartFigure>
  );
}

/* Cohort conversion. */

export interface CohortFigures {
  week: string;
  signUps: number;
  bought: number;
  share: number | null;
}

export function CohortChart({ cohorts }: { cohorts: CohortFigures[] }) {
  const height = 200;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: cohorts.map((c) => c.week), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, 1], range: [innerHeight, 0] });
  const centre = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;
  const at = (value: number) => y(value) ?? 0;
  const measured = cohorts.filter((c): c is CohortFigures & { share: number } => c.share !== null);

  const best = measured.reduce<(typeof measured)[number] | null>(
    (top, c) => (c.share > (top?.share ?? -1) ? c : top),
    null,
  );
  const empty = cohorts.length - measured.length;
  const summary =
    `Line chart of the share of each week's sign-ups who have paid, over ${span(cohorts.map((c) => c.week))}` +
    (best
      ? `: highest ${formatShare(best.share)}, for the week of ${weekLabel(best.week)}` +
        (empty > 0 ? `; ${countOf(empty, "week")} with no sign-ups.` : ".")
      : ": no one signed up in these weeks.");

  return (
    <ChartFigure
      title="Sign-ups who paid, by the week they joined"
      note="Of the members who signed up each week, the share who have paid for the course since (refunded or not). Recent weeks have had less time."
      summary={summary}
      height={height}
      table={{
        caption: "Of each week's sign-ups, how many have paid",
        columns: [
          { label: "Signed up in the week of" },
          { label: "Sign-ups" },
          { label: "Paid" },
          { label: "Share of the week's sign-ups" },
        ],
        rows: cohorts.map((c) => ({
          key: c.week,
          header: weekLabel(c.week, { long: true }),
          cells: [number(c.signUps), number(c.bought), formatShare(c.share)],
        })),
      }}
    >
      <Group left={MARGIN.left} top={MARGIN.top}>
        <Grid ticks={SHARE_TICKS} y={at} width={innerWidth} />
        <LinePath
          data={cohorts}
          defined={(c) => c.share !== null}
          x={(c) => centre(c.week)}
          y={(c) => at(c.share ?? 0)}
          className="stroke-plum"
          strokeWidth={2}
          fill="none"
        />
        {measured.map((c) => (
          <circle key={c.week} cx={centre(c.week)} cy={at(c.share)} r={3.5} className="fill-plum" />
        ))}
        <AxisLeft
          scale={y}
          tickValues={SHARE_TICKS}
          tickFormat={(value) => formatShare(Number(value))}
          hideTicks
          stroke="currentColor"
          tickLabelProps={{ ...tickLabel, dx: -2 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={everyOtherWeek(cohorts.map((c) => c.week))}
          tickFormat={(week) => weekLabel(week)}
          hideTicks
          stroke="currentColor"
          tickLabelProps={tickLabel}
        />
      </Group>
    </ChartFigure>
  );
}

/* Programme adherence. */

export interface DayFigures {
  day: number;
  reached: number;
  completed: number;
  share: number | null;
}

/** Where the programme loses the most people, in words. */
function dropSentence(drop: Drop | null): string {
  if (!drop) return "The share never falls from one day to the next.";
  return `The biggest drop is on day ${drop.day}: from ${formatShare(drop.from)} on the day before to ${formatShare(drop.to)}, ${drop.points} points fewer.`;
}

export function AdherenceChart({ days, drop }: { days: DayFigures[]; drop: Drop | null }) {
  const height = 200;
  const top = MARGIN.top + 8; // room for the drop's mark
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = height - top - MARGIN.bottom;
  const x = scaleBand<number>({ domain: days.map((d) => d.day), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, 1], range: [innerHeight, 0] });
  const at = (value: number) => y(value) ?? 0;
  const measured = days.filter((d) => d.share !== null);
  const summary =
    measured.length === 0
      ? "Bar chart of the share of members who ticked each day of the programme: no one has had the whole of its first day yet."
      : `Bar chart of the share of members who ticked each of the programme's ${days.length} days, of those whose day has passed: ` +
        `day 1 ${formatShare(days[0]?.share ?? null)}, day ${days.length} ${formatShare(days.at(-1)?.share ?? null)}. ${dropSentence(drop)}`;

  return (
    <ChartFigure
      title="Practice by programme day"
      note={
        <>
          Of the members whose day has passed (on their own calendar), the share who ticked it.{" "}
          <strong className="text-ink">{dropSentence(drop)}</strong>
        </>
      }
      summary={summary}
      height={height}
      legend={
        drop ? (
          <Legend
            items={[
              { label: "Share who ticked the day", swatch: "bg-sage" },
              { label: `Biggest drop (day ${drop.day})`, swatch: "bg-apricot-deep ring-1 ring-plum-deep" },
            ]}
          />
        ) : null
      }
      table={{
        caption: "Practice by programme day: members whose day has passed, and how many ticked it",
        columns: [
          { label: "Day" },
          { label: "Day passed" },
          { label: "Ticked it" },
          { label: "Share of those whose day passed" },
        ],
        rows: days.map((d) => ({
          key: String(d.day),
          header: drop?.day === d.day ? `Day ${d.day} (biggest drop)` : `Day ${d.day}`,
          cells: [number(d.reached), number(d.completed), formatShare(d.share)],
        })),
      }}
    >
      <Group left={MARGIN.left} top={top}>
        <Grid ticks={SHARE_TICKS} y={at} width={innerWidth} />
        {days.map((d) => {
          const value = d.share ?? 0;
          const isDrop = drop?.day === d.day;
          return (
            <g key={d.day}>
              <Bar
                x={x(d.day) ?? 0}
                y={at(value)}
                width={x.bandwidth()}
                height={innerHeight - at(value)}
                className={isDrop ? "fill-apricot-deep stroke-plum-deep" : "fill-sage"}
                strokeWidth={isDrop ? 1.5 : 0}
              />
              {isDrop ? (
                <text
                  x={(x(d.day) ?? 0) + x.bandwidth() / 2}
                  y={at(value) - 4}
                  textAnchor="middle"
                  fontSize={FONT}
                  fontWeight={600}
                  className="fill-plum-deep"
                >
                  ▼
                </text>
              ) : null}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={SHARE_TICKS}
          tickFormat={(value) => formatShare(Number(value))}
          hideTicks
          stroke="currentColor"
          tickLabelProps={{ ...tickLabel, dx: -2 }}
        />
        <AxisBottom top={innerHeight} scale={x} hideTicks stroke="currentColor" tickLabelProps={tickLabel} />
      </Group>
    </ChartFigure>
  );
}

/* Tracks. */

export interface TrackFigures {
  id: string;
  title: string;
  completedBy: number;
  listens: number;
}

function names(tracks: TrackFigures[]): string {
  if (tracks.length <= 2) return tracks.map((t) => t.title).join(" and ");
  return `${tracks.length} sessions`;
}

export function TracksChart({
  tracks,
  most,
  least,
}: {
  tracks: TrackFigures[];
  most: TrackFigures[];
  least: TrackFigures[];
}) {
  const row = 30;
  const height = tracks.length * row + 4;
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, ...tracks.map((t) => t.completedBy))],
    range: [0, WIDTH],
  });
  const high = most[0]?.completedBy ?? 0;
  const low = least[0]?.completedBy ?? 0;
  const ranking =
    high === low
      ? `every session completed by ${number(high)}`
      : `most completed, ${names(most)} (${number(high)}); least completed, ${names(least)} (${number(low)})`;
  const summary = `Bar chart of how many people completed each of the ${tracks.length} sessions: ${ranking}.`;

  return (
    <ChartFigure
      title="Sessions completed"
      note={
        high === low ? (
          `Every session has been completed by ${number(high)}.`
        ) : (
          <>
            Most completed: <strong className="text-ink">{most.map((t) => t.title).join(", ")}</strong> (
            {number(high)}). Least completed: {least.map((t) => t.title).join(", ")} ({number(low)}).
          </>
        )
      }
      summary={summary}
      height={height}
      table={{
        caption:
          "Sessions: people who completed each (members and birth partners), and finished listens in the library",
        columns: [{ label: "Session" }, { label: "Completed by" }, { label: "Finished listens" }],
        rows: tracks.map((t) => ({
          key: t.id,
          header: t.title,
          cells: [number(t.completedBy), number(t.listens)],
        })),
      }}
    >
      {tracks.map((t, index) => (
        <Group key={t.id} top={index * row}>
          <text x={0} y={11} fontSize={FONT} className="fill-ink">
            {t.title}
          </text>
          <text x={WIDTH} y={11} fontSize={FONT} textAnchor="end" fill="currentColor">
            {number(t.completedBy)}
          </text>
          <rect x={0} y={15} width={WIDTH} height={9} rx={2} className="fill-lavender-soft" />
          <Bar x={0} y={15} width={x(t.completedBy) ?? 0} height={9} rx={2} className="fill-plum" />
        </Group>
      ))}
    </ChartFigure>
  );
}
