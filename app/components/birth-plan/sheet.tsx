import type { ReactNode } from "react";
import { Link } from "react-router";
import { BirthPlanIcon } from "#app/components/birth-plan/icons.tsx";
import { useHydrated } from "#app/components/program/browser.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { planSummary, type BirthPlanContent, type SummarySection } from "#app/modules/birth-plan/plan.ts";

type HeadingLevel = 2 | 3 | 4;

/** A heading of the level its place in the page calls for. */
export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/**
 * One section of her plan as a midwife reads it: the title, the items she chose (icons only decorate: the label
 * says it), and her note. Shared by the sheet and her birth partner's read-only page.
 */
export function SheetSection({
  summary,
  level,
  showTitle = true,
}: {
  summary: SummarySection;
  level: HeadingLevel;
  /** Off where the section's card already has its title. */
  showTitle?: boolean;
}) {
  const { section, chosen, note } = summary;
  return (
    <div className="break-inside-avoid">
      {showTitle ? (
        <Heading level={level} className="text-xl font-semibold print:text-lg">
          {section.title}
        </Heading>
      ) : null}
      {chosen.length > 0 ? (
        <ul className={cn("grid gap-2", showTitle && "mt-3")}>
          {chosen.map((choice) => (
            <li key={choice.id} className="flex items-start gap-3">
              <BirthPlanIcon name={choice.icon} className="mt-0.5 size-6 shrink-0 text-plum print:size-5" />
              <span>{choice.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {note ? (
        <p
          className={cn(
            "measure whitespace-pre-line text-ink-soft italic",
            (showTitle || chosen.length > 0) && "mt-3",
          )}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** "Amara's plan · due March 2027": her first name and the month only, never the day. */
function planByline(herFirstName: string, dueMonth: string | null | undefined): string {
  if (!herFirstName) return dueMonth ? `Due ${dueMonth}` : "";
  return dueMonth ? `${herFirstName}'s plan · due ${dueMonth}` : `${herFirstName}'s plan`;
}

/**
 * Her birth preferences as her midwife reads them: plan A first, then (only when she chose something there) the
 * induction and caesarean sections under "If my birth takes a different path". Sections with nothing in them are
 * left out. The print variant is a page of its own (its own h1, a Print button) and prints on one or two sheets
 * of A4 in black on white; the inline variant sits inside another page (her earlier version), a level down.
 */
export function BirthPlanSheet({
  content,
  herFirstName,
  dueMonth,
  variant = "print",
}: {
  content: BirthPlanContent;
  herFirstName: string;
  /** "March 2027", or null when she hasn't saved a date. */
  dueMonth?: string | null;
  variant?: "print" | "inline";
}) {
  const { planA, planB, planC } = planSummary(content);
  const other = [...planB, ...planC];
  const inline = variant === "inline";
  // Inline, the page around it has the h1 and the h2: everything moves one level down.
  const top: HeadingLevel = inline ? 3 : 2;
  const empty = planA.length === 0 && other.length === 0;

  return (
    <article
      aria-labelledby={inline ? undefined : "birth-plan-sheet-title"}
      className={cn(
        "grid gap-6",
        // Print: black on white, no card, no shadow; the page margins come from @page (app.css).
        "print:gap-4 print:bg-white print:text-black print:**:text-black print:**:shadow-none",
        !inline &&
          "rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft md:p-8 print:rounded-none print:border-0 print:p-0",
      )}
    >
      {inline ? null : (
        <header className="grid gap-2">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <h1 id="birth-plan-sheet-title" className="text-3xl font-semibold md:text-4xl print:text-3xl">
              Birth preferences
            </h1>
            <PrintControls />
          </div>
          {planByline(herFirstName, dueMonth) ? (
            <p className="text-lg text-ink-soft">{planByline(herFirstName, dueMonth)}</p>
          ) : null}
          <hr className="my-2 border-lavender print:border-black/40" />
        </header>
      )}

      {empty ? <p className="text-ink-soft">No preferences yet.</p> : null}

      {planA.length > 0 ? (
        <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-x-8 print:gap-y-5">
          {planA.map((summary) => (
            <SheetSection key={summary.section.id} summary={summary} level={top} />
          ))}
        </div>
      ) : null}

      {other.length > 0 ? (
        // Plans B and C start a sheet of their own when printed.
        <section
          aria-labelledby={`birth-plan-sheet-other-${variant}`}
          className={cn("grid gap-6 print:gap-5", planA.length > 0 && "print:break-before-page")}
        >
          <Heading
            level={top}
            id={`birth-plan-sheet-other-${variant}`}
            className="text-2xl font-semibold print:text-xl"
          >
            If my birth takes a different path
          </Heading>
          <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2 print:gap-x-8">
            {other.map((summary) => (
              <SheetSection key={summary.section.id} summary={summary} level={(top + 1) as HeadingLevel} />
            ))}
          </div>
        </section>
      ) : null}

      {inline ? null : (
        <p className="text-sm text-ink-soft print:hidden">
          <Link to="/portal/birth-preferences">Back to birth preferences</Link>
        </p>
      )}
    </article>
  );
}

/** The Print button needs JavaScript: until the page has it, say how the browser prints instead. */
function PrintControls() {
  const hydrated = useHydrated();
  return (
    <div className="print:hidden">
      {hydrated ? (
        <Button type="button" variant="outline" onClick={() => window.print()}>
          Print
        </Button>
      ) : (
        <p className="text-sm text-ink-soft">To print, use your browser's Print command.</p>
      )}
    </div>
  );
}
