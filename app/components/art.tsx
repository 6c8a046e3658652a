import type { Colour } from "#app/modules/catalogue/guides.ts";

/**
 * Tidewell's illustrations: no photographs, just soft shapes. Each piece is
 * drawn from a seed, so an article or a guide always gets the same picture.
 */
export const PALETTE: Record<Colour, { soft: string; mid: string; deep: string }> = {
  lavender: { soft: "#eee8f6", mid: "#c9bde3", deep: "#45305a" },
  plum: { soft: "#ece3f1", mid: "#b59cc8", deep: "#45305a" },
  sage: { soft: "#e4ece5", mid: "#a9c2b0", deep: "#3f5e4b" },
  apricot: { soft: "#fde9dc", mid: "#f6b48f", deep: "#8a4b3a" },
  rose: { soft: "#f8e4e6", mid: "#e7b3ba", deep: "#8a3f4f" },
  sky: { soft: "#e3eef7", mid: "#a9c7e0", deep: "#2f5d80" },
  sand: { soft: "#f3ebdf", mid: "#e0cfb4", deep: "#6b5433" },
};

export type Motif = "moon" | "waves" | "breath" | "hands" | "leaf" | "sun";

function hash(seed: string) {
  let h = 2166136261;
  for (const char of seed) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

export function Art({
  seed,
  colour,
  motif = "waves",
  className,
  label,
}: {
  seed: string;
  colour: Colour;
  motif?: Motif;
  className?: string;
  /** A description when the picture carries meaning; decorative otherwise. */
  label?: string;
}) {
  const random = hash(seed);
  const { soft, mid, deep } = PALETTE[colour];
  const id = `art-${seed.replace(/[^a-z0-9]/gi, "")}`;
  const sunX = 60 + random() * 180;
  const sunY = 40 + random() * 40;
  const wave = (y: number, amplitude: number) => {
    const phase = random() * 60;
    let d = `M0 ${y}`;
    for (let x = 0; x <= 300; x += 60) d += ` Q${x + 30 - phase / 2} ${y - amplitude} ${x + 60} ${y}`;
    return `${d} V200 H0 Z`;
  };
  return (
    <svg
      viewBox="0 0 300 200"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={soft} />
          <stop offset="1" stopColor="#fbf7f1" />
        </linearGradient>
      </defs>
      <rect width="300" height="200" fill={`url(#${id}-sky)`} />
      {motif === "moon" ? (
        <g>
          <circle cx={sunX} cy={sunY} r="26" fill={mid} />
          <circle cx={sunX + 11} cy={sunY - 6} r="22" fill={soft} />
          {[0, 1, 2, 3, 4].map((n) => (
            <circle
              key={n}
              cx={20 + random() * 260}
              cy={15 + random() * 60}
              r={1 + random() * 1.5}
              fill={deep}
              opacity="0.35"
            />
          ))}
        </g>
      ) : motif === "sun" ? (
        <g>
          <circle cx={sunX} cy={sunY + 10} r="30" fill={mid} />
          <circle cx={sunX} cy={sunY + 10} r="44" fill="none" stroke={mid} strokeOpacity="0.5" />
          <circle cx={sunX} cy={sunY + 10} r="58" fill="none" stroke={mid} strokeOpacity="0.25" />
        </g>
      ) : motif === "leaf" ? (
        <g fill={mid}>
          <path
            d={`M${sunX} 120 C ${sunX - 40} 80, ${sunX - 20} 40, ${sunX + 10} 30 C ${sunX + 30} 60, ${sunX + 30} 100, ${sunX} 120 Z`}
          />
          <path
            d={`M${sunX} 120 L ${sunX + 8} 40`}
            stroke={deep}
            strokeOpacity="0.4"
            strokeWidth="1.5"
            fill="none"
          />
        </g>
      ) : motif === "hands" ? (
        <g fill="none" stroke={deep} strokeOpacity="0.45" strokeWidth="3" strokeLinecap="round">
          <path d={`M${sunX - 50} 120 C ${sunX - 40} 80, ${sunX - 10} 70, ${sunX} 95`} />
          <path d={`M${sunX + 50} 120 C ${sunX + 40} 80, ${sunX + 10} 70, ${sunX} 95`} />
          <circle cx={sunX} cy="62" r="14" fill={mid} stroke="none" />
        </g>
      ) : motif === "breath" ? (
        <g fill="none" stroke={deep} strokeOpacity="0.35" strokeWidth="2" strokeLinecap="round">
          {[0, 1, 2].map((n) => (
            <path
              key={n}
              d={`M30 ${60 + n * 18} C 90 ${40 + n * 18 - random() * 20}, 180 ${80 + n * 18}, 270 ${56 + n * 18}`}
            />
          ))}
          <circle cx={sunX} cy={sunY} r="16" fill={mid} stroke="none" />
        </g>
      ) : (
        <circle cx={sunX} cy={sunY + 20} r="28" fill={mid} opacity="0.9" />
      )}
      <path d={wave(140, 14)} fill={mid} opacity="0.55" />
      <path d={wave(160, 10)} fill={mid} opacity="0.8" />
      <path d={wave(180, 8)} fill={deep} opacity="0.25" />
    </svg>
  );
}
