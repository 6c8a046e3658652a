import { cn } from "#app/components/ui/cn.ts";
import { Share2, Trash2, X } from "#app/components/ui/icons.tsx";
import {
  averages,
  checkPattern,
  describePattern,
  exportText,
  formatClockTime,
  formatSpan,
  patternName,
  timeline,
  type Contraction,
  type PatternRule,
} from "#app/modules/labour/contractions.ts";
import { formatClock } from "#app/modules/listening/player.ts";
import { AccountStatus } from "./account-status.tsx";
import { PatternSettings } from "./pattern-settings.tsx";
import { LabourButton } from "./labour-button.tsx";
import type { AccountState } from "./use-labour-record.ts";

/** The big start/stop button and, while a contraction runs, how long it has lasted so far. */
export function ContractionButton({
  current,
  now,
  ready,
  onToggle,
  compact = false,
}: {
  current: Contraction | null;
  now: number;
  ready: boolean;
  onToggle: () => void;
  compact?: boolean;
}) {
  return (
    <div className={cn("flex items-center", compact ? "justify-between gap-4" : "flex-col gap-4")}>
      <LabourButton
        look={null}
        disabled={!ready}
        onClick={onToggle}
        className={cn(
          "justify-center rounded-full text-center font-semibold shadow-soft",
          current
            ? "bg-(--labour-quiet) text-(--labour-on-quiet)"
            : "bg-(--labour-action) text-(--labour-on-action)",
          compact ? "min-h-12 px-6 text-lg" : "size-56 text-2xl",
        )}
      >
        {current ? "Stop contraction" : "Start contraction"}
      </LabourButton>
      {/* A timer is never announced each second; the live region says when it starts and stops. */}
      <p className={cn("font-semibold tabular-nums", compact ? "order-first text-2xl" : "min-h-12 text-4xl")}>
        {current ? (
          <span role="timer" aria-label="This contraction so far">
            {formatClock((Math.max(now, current.startedAt) - current.startedAt) / 1000)}
          </span>
        ) : compact ? (
          <span className="text-base font-normal text-(--labour-soft)">Not timing</span>
        ) : null}
      </p>
    </div>
  );
}

/** The timer's page: the button, the pattern, the last hour, the list, sharing and settings. */
export function ContractionTimer({
  contractions,
  current,
  rule,
  now,
  ready,
  account,
  timeZone,
  onToggle,
  onRemove,
  onClear,
  onRuleChange,
  onMessage,
}: {
  contractions: Contraction[];
  current: Contraction | null;
  rule: PatternRule;
  now: number;
  ready: boolean;
  account: AccountState | null;
  timeZone: string;
  onToggle: () => void;
  onRemove: (startedAt: number) => void;
  onClear: () => void;
  onRuleChange: (rule: PatternRule) => void;
  onMessage: (message: string) => void;
}) {
  const pattern = checkPattern(contractions, rule, now);
  const lastHour = averages(contractions, now);
  const rows = timeline(contractions).reverse();

  return (
    <div className="grid gap-8">
      <ContractionButton current={current} now={now} ready={ready} onToggle={onToggle} />

      {pattern.met ? (
        <div role="alert" className="rounded-card bg-(--labour-alert) p-5 text-(--labour-on-alert)">
          <h2 className="text-2xl font-semibold">Time to call your midwife or maternity unit</h2>
          <p className="mt-2">
            Your contractions have been {describePattern(rule)}. Call your midwife or maternity unit and tell
            them what you have timed.
          </p>
        </div>
      ) : (
        <p className="rounded-card bg-(--labour-surface) p-5">
          Watching for {patternName(rule)}: contractions {describePattern(rule)}. You'll see it here when they
          have.
        </p>
      )}
      <p className="-mt-4 text-(--labour-soft)">
        Call your midwife or maternity unit whenever you're unsure or worried, whatever the timer shows.
      </p>

      <section aria-labelledby="last-hour">
        <h2 id="last-hour" className="text-xl font-semibold">
          In the last hour
        </h2>
        <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
          {[
            ["Contractions", String(lastHour.count)],
            [
              "Average length",
              lastHour.averageDurationMs === null ? "–" : formatSpan(lastHour.averageDurationMs),
            ],
            [
              "Average apart",
              lastHour.averageIntervalMs === null ? "–" : formatSpan(lastHour.averageIntervalMs),
            ],
          ].map(([term, value]) => (
            <div key={term} className="rounded-xl bg-(--labour-surface) p-3">
              <dt className="text-sm text-(--labour-soft)">{term}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="contraction-list">
        <h2 id="contraction-list" className="text-xl font-semibold">
          Your contractions
        </h2>
        {rows.length === 0 ? (
          <p className="mt-3 min-h-12 text-(--labour-soft)">
            {ready
              ? "None yet. Press Start when one begins, and Stop when it fades."
              : "Loading your history…"}
          </p>
        ) : (
          <table className="mt-3 w-full text-left tabular-nums">
            <caption className="sr-only">
              Newest first: when each began, how long it lasted and how long after the one before
            </caption>
            <thead className="text-sm text-(--labour-soft)">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Began
                </th>
                <th scope="col" className="py-2 font-medium">
                  Lasted
                </th>
                <th scope="col" className="py-2 font-medium">
                  Apart
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const began = formatClockTime(row.startedAt, timeZone);
                return (
                  <tr key={row.startedAt} className="border-t border-(--labour-surface)">
                    <td className="py-1">{began}</td>
                    <td className="py-1">
                      {row.durationMs === null ? "going…" : formatSpan(row.durationMs)}
                    </td>
                    <td className="py-1">{row.intervalMs === null ? "–" : formatSpan(row.intervalMs)}</td>
                    <td className="py-1 text-right">
                      <LabourButton
                        look="icon"
                        aria-label={`Remove the contraction that began at ${began}`}
                        onClick={() => {
                          if (window.confirm(`Remove the contraction that began at ${began}?`))
                            onRemove(row.startedAt);
                        }}
                      >
                        <X aria-hidden="true" className="!size-5" />
                      </LabourButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <AccountStatus state={account} />
        <div className="mt-4 flex flex-wrap gap-3">
          <LabourButton
            disabled={contractions.length === 0}
            onClick={async () =>
              onMessage(await share(exportText(contractions, { rule, now: Date.now(), timeZone })))
            }
          >
            <Share2 aria-hidden="true" className="!size-5" /> Share with your midwife
          </LabourButton>
          <LabourButton
            disabled={contractions.length === 0}
            onClick={() => {
              const count = `${contractions.length} timed contraction${contractions.length === 1 ? "" : "s"}`;
              if (
                window.confirm(`Clear all ${count} from this device and your account? This can't be undone.`)
              )
                onClear();
            }}
          >
            <Trash2 aria-hidden="true" className="!size-5" /> Clear history
          </LabourButton>
        </div>
      </section>

      <PatternSettings rule={rule} onChange={onRuleChange} />
    </div>
  );
}

/** Shares the text where the phone can, or copies it, or saves it as a file; says which. */
async function share(text: string): Promise<string> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: "Contractions", text });
      return "Shared.";
    } catch (error) {
      if ((error as Error).name === "AbortError") return "";
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "Copied. Paste it into a message to your midwife.";
  } catch {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = "contractions.txt";
    link.click();
    URL.revokeObjectURL(link.href);
    return "Saved as contractions.txt.";
  }
}
