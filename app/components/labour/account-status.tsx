import { CircleCheck, Clock, Info } from "#app/components/ui/icons.tsx";
import type { AccountState } from "./use-labour-record.ts";

const WORDS: Record<AccountState, string> = {
  saved: "Saved to your account",
  saving: "Saved on this phone; saving to your account…",
  offline: "Saved on this phone; it will be saved to your account when you're back online",
  refused: "Saved on this phone; it couldn't be saved to your account",
};

const ICONS = { saved: CircleCheck, saving: Clock, offline: Clock, refused: Info };

/**
 * One quiet line under the history: whether her account has it yet. Not a
 * live region: the screen's own announces each contraction, and a second
 * voice after every tap would only crowd it.
 */
export function AccountStatus({ state }: { state: AccountState | null }) {
  if (!state) return null;
  const Icon = ICONS[state];
  return (
    <p className="mt-3 flex items-center gap-2 text-sm text-(--labour-soft)">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {WORDS[state]}
    </p>
  );
}
