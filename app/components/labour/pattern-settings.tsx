import { useId } from "react";
import {
  PATTERN_LIMITS,
  patternName,
  spokenSpan,
  type PatternRule,
} from "#app/modules/labour/contractions.ts";
import { SELECT } from "./theme.ts";

const range = (min: number, max: number, step: number) =>
  Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step);

const seconds = (n: number) => spokenSpan(n * 1000);
const minutes = (n: number) => spokenSpan(n * 60_000);

const FIELDS: { key: keyof PatternRule; label: string; options: [number, string][] }[] = [
  {
    key: "minutesApart",
    label: "Apart (start to start), or closer",
    options: range(PATTERN_LIMITS.minutesApart.min, PATTERN_LIMITS.minutesApart.max, 1).map((n) => [
      n,
      minutes(n),
    ]),
  },
  {
    key: "secondsLong",
    label: "Each lasting at least",
    options: range(PATTERN_LIMITS.secondsLong.min, PATTERN_LIMITS.secondsLong.max, 15).map((n) => [
      n,
      seconds(n),
    ]),
  },
  {
    key: "forMinutes",
    label: "For",
    options: range(PATTERN_LIMITS.forMinutes.min, PATTERN_LIMITS.forMinutes.max, 15).map((n) => [
      n,
      minutes(n),
    ]),
  },
];

/** The pattern to watch for, changed to the one a midwife or maternity unit gave. */
export function PatternSettings({
  rule,
  onChange,
}: {
  rule: PatternRule;
  onChange: (rule: PatternRule) => void;
}) {
  const id = useId();
  return (
    <details className="rounded-card bg-(--labour-surface) px-5">
      <summary className="flex min-h-12 cursor-pointer items-center py-2 font-semibold">
        Change the pattern ({patternName(rule)})
      </summary>
      <div className="grid gap-4 pb-5">
        <p className="text-(--labour-soft)">Use the pattern your midwife or maternity unit gave you.</p>
        {FIELDS.map((field) => (
          <div key={field.key} className="grid gap-1">
            <label htmlFor={`${id}-${field.key}`} className="font-medium">
              {field.label}
            </label>
            <select
              id={`${id}-${field.key}`}
              className={SELECT}
              value={rule[field.key]}
              onChange={(event) => onChange({ ...rule, [field.key]: Number(event.target.value) })}
            >
              {field.options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </details>
  );
}
