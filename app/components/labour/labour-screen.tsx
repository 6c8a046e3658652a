import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useBrowserTimeZone } from "#app/components/program/browser.ts";
import { cn } from "#app/components/ui/cn.ts";
import { Clock, Headphones, Quote, Waves, type IconComponent } from "#app/components/ui/icons.tsx";
import type { LabourSettings } from "#app/modules/labour/device-store.ts";
import type { LabourScreenData } from "#app/modules/labour/playlist.ts";
import { AffirmationsViewer } from "./affirmations-viewer.tsx";
import { BreathingPacer } from "./breathing-pacer.tsx";
import { ContractionButton, ContractionTimer } from "./contraction-timer.tsx";
import { LabourPlaylist } from "./labour-playlist.tsx";
import { LabourSwitch } from "./labour-switch.tsx";
import { themeStyle } from "./theme.ts";
import { useContractions } from "./use-contractions.ts";
import { useLabourRecord } from "./use-labour-record.ts";
import { useNow } from "./use-now.ts";
import { WakeLockToggle } from "./wake-lock.tsx";

type Tab = "timer" | "breathe" | "affirmations" | "music";

const TABS: { id: Tab; label: string; Icon: IconComponent }[] = [
  { id: "timer", label: "Timer", Icon: Clock },
  { id: "breathe", label: "Breathe", Icon: Waves },
  { id: "affirmations", label: "Affirmations", Icon: Quote },
  { id: "music", label: "Music", Icon: Headphones },
];

/**
 * Labour mode: one screen for a birth partner with one hand free in a dim
 * room. Everything it keeps is on this device, under the member's own key;
 * the contraction history is saved to her account too, when online.
 */
export function LabourScreen({ memberKey, history, playlist, lockedCount }: LabourScreenData) {
  const { record, ready, saveFailed, update, account } = useLabourRecord(memberKey, history);
  const timeZone = useBrowserTimeZone() || "UTC";
  const timer = useContractions(record.contractions, update, timeZone);
  const now = useNow(1000);
  const [tab, setTab] = useState<Tab>("timer");
  const { settings } = record;
  const change = (patch: Partial<LabourSettings>) =>
    update((current) => ({ ...current, settings: { ...current.settings, ...patch } }));

  return (
    <div
      style={themeStyle(settings.theme)}
      // Down into the room the portal keeps for its bars and player, so the page's colour runs to the bottom.
      className="-mb-(--portal-room) min-h-[calc(100dvh-4rem)] bg-(--labour-page) pb-(--portal-room) text-(--labour-text) lg:min-h-dvh [&_:focus-visible]:outline-(--labour-ring)"
    >
      <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6 md:py-10">
        <header className="grid gap-4">
          <h1 className="text-3xl font-semibold md:text-4xl">Labour mode</h1>
          {/* While a contraction runs, the time and the button are the screen: nothing above pushes them down. */}
          {timer.current ? null : (
            <p className="text-(--labour-soft)">
              Time contractions, breathe together, read your affirmations and play your sessions. Your timings
              are kept on this device and, when you're online, saved to your account.
            </p>
          )}
        </header>

        {/* One polite live region, always present, for every change to the timer. */}
        <p role="status" className="-my-3 min-h-6 text-(--labour-soft)">
          {timer.message}
        </p>

        <Tabs value={tab} onChange={setTab}>
          {tab === "timer" ? (
            <ContractionTimer
              contractions={record.contractions}
              current={timer.current}
              rule={settings.pattern}
              now={now}
              ready={ready}
              account={account}
              timeZone={timeZone}
              onToggle={timer.toggle}
              onRemove={timer.remove}
              onClear={timer.clear}
              onRuleChange={(pattern) => change({ pattern })}
              onMessage={timer.setMessage}
            />
          ) : (
            <div className="grid gap-6">
              {/* The timer stays one tap away from every other tab. */}
              <div className="rounded-card bg-(--labour-surface) p-3">
                <ContractionButton
                  current={timer.current}
                  now={now}
                  ready={ready}
                  onToggle={timer.toggle}
                  compact
                />
              </div>
              {tab === "breathe" ? (
                <BreathingPacer
                  counts={settings.breathing}
                  vibrate={settings.vibrate}
                  onCountsChange={(kind, counts) =>
                    change({ breathing: { ...settings.breathing, [kind]: counts } })
                  }
                  onVibrateChange={(vibrate) => change({ vibrate })}
                />
              ) : tab === "affirmations" ? (
                <AffirmationsViewer
                  setId={settings.affirmationSet}
                  onSetChange={(affirmationSet) => change({ affirmationSet })}
                />
              ) : (
                <LabourPlaylist
                  playlist={playlist}
                  lockedCount={lockedCount}
                  playOn={settings.playOn}
                  onPlayOnChange={(playOn) => change({ playOn })}
                />
              )}
            </div>
          )}
        </Tabs>

        {/* The screen's own settings, below the timer so they never push it down. */}
        <section aria-labelledby="screen-settings" className="grid gap-3">
          <h2 id="screen-settings" className="text-xl font-semibold">
            This screen
          </h2>
          <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
            <WakeLockToggle
              wanted={settings.keepScreenOn}
              onChange={(keepScreenOn) => change({ keepScreenOn })}
            />
            <LabourSwitch
              label="Dark screen"
              checked={settings.theme === "dark"}
              onChange={(dark) => change({ theme: dark ? "dark" : "light" })}
              hint={
                settings.theme === "dark"
                  ? "On: a dark page for a dim room. Tap for a bright page."
                  : "Off: a bright page. Tap for a dark one, for a dim room."
              }
            />
          </div>
        </section>

        {saveFailed ? (
          <p role="alert" className="rounded-card bg-(--labour-alert) p-4 text-(--labour-on-alert)">
            This device won't save your timings (private browsing, or it is full). They are kept while this
            page stays open.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The room between the sticky tab bar and the top of a panel brought up under it (the grid's gap-6). */
const PANEL_GAP_PX = 24;

/** The four parts of the screen as tabs: arrow keys, Home and End move between them. */
function Tabs({
  value,
  onChange,
  children,
}: {
  value: Tab;
  onChange: (tab: Tab) => void;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const shown = useRef(value);
  // Chosen while scrolled down, a tab would open with its top (the breathing circle, say) under the
  // sticky bar: bring the panel's top to just below the bar.
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    const bar = list.current?.getBoundingClientRect();
    const top = panel.current?.getBoundingClientRect().top;
    if (bar && top !== undefined && top < bar.bottom)
      window.scrollBy({ top: top - bar.bottom - PANEL_GAP_PX });
  }, [value]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === value);
    const target = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onChange(TABS[target]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  };

  return (
    <div className="grid gap-6">
      <div
        ref={list}
        role="tablist"
        aria-label="Labour mode"
        className="sticky top-16 z-10 grid grid-cols-4 gap-1 rounded-full bg-(--labour-surface) p-1 lg:top-0"
      >
        {TABS.map(({ id: tab, label, Icon }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-${tab}`}
            aria-selected={value === tab}
            aria-controls={`${id}-panel`}
            tabIndex={value === tab ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={onKeyDown}
            className={cn(
              "flex min-h-12 flex-col items-center justify-center rounded-full text-sm font-medium sm:flex-row sm:gap-2 sm:text-base",
              value === tab ? "bg-(--labour-action) text-(--labour-on-action)" : "text-(--labour-text)",
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </button>
        ))}
      </div>
      <div ref={panel} role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`}>
        {children}
      </div>
    </div>
  );
}
