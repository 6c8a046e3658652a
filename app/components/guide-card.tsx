import {
  BookMarked,
  BookOpen,
  Check,
  Download,
  FileText,
  HeartHandshake,
  Lightbulb,
  Lock,
  Luggage,
  Scale,
  type IconComponent,
} from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Art, PALETTE, type Motif } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { GuideCard as GuideCardData } from "#app/modules/catalogue/downloads.server.ts";
import type { GuideIcon } from "#app/modules/catalogue/guides.ts";

/** Each guide's icon, and the illustration that goes with it. */
const LOOKS: Record<GuideIcon, { Icon: IconComponent; motif: Motif }> = {
  "book-open": { Icon: BookOpen, motif: "breath" },
  "book-marked": { Icon: BookMarked, motif: "moon" },
  scale: { Icon: Scale, motif: "leaf" },
  lightbulb: { Icon: Lightbulb, motif: "sun" },
  luggage: { Icon: Luggage, motif: "waves" },
  "heart-handshake": { Icon: HeartHandshake, motif: "hands" },
};

/** A guide on the free resources page: what it is, how long, and the one thing this visitor can do with it. */
export function GuideCard({ guide }: { guide: GuideCardData }) {
  const { Icon, motif } = LOOKS[guide.icon];
  const { deep, soft } = PALETTE[guide.colour];
  const headingId = `guide-${guide.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft"
    >
      <div className="relative">
        <Art
          seed={guide.id}
          colour={guide.colour}
          motif={motif}
          className="aspect-[5/2] w-full sm:aspect-[2/1]"
        />
        <span
          className={cn(
            "absolute top-4 right-4 rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase shadow-soft",
            guide.isFree ? "bg-white text-sage-deep" : "bg-plum text-cream",
          )}
        >
          {guide.isFree ? "Free" : "Premium"}
        </span>
        <span
          className="absolute -bottom-6 left-5 inline-flex size-12 items-center justify-center rounded-2xl border-4 border-white shadow-soft"
          style={{ background: soft, color: deep }}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>

      <div className="flex flex-1 flex-col px-5 pt-9 pb-5">
        <h3 id={headingId} className="text-xl font-semibold">
          {guide.title}
        </h3>
        <p className="mt-2 text-ink-soft">{guide.description}</p>
        {guide.pages ? (
          <p className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-ink-soft">
            <FileText aria-hidden="true" className="size-4" style={{ color: deep }} />
            <span>{guide.pages}</span>
            <span aria-hidden="true">·</span> PDF
          </p>
        ) : null}
        <div className="mt-auto pt-5">
          <GuideAction guide={guide} />
        </div>
      </div>
    </article>
  );
}

function GuideAction({ guide }: { guide: GuideCardData }) {
  if (guide.access === "download") {
    return (
      <div className="grid gap-3">
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-sage-soft">
            <Check aria-hidden="true" className="size-3.5 text-sage-deep" />
          </span>
          Ready to download · opens in a new tab
        </p>
        <Button asChild className="w-full">
          {/* A plain link: the PDF is a file, not a page, and it opens beside the list. */}
          <a href={guide.href} target="_blank" rel="noopener">
            <Download aria-hidden="true" />
            Download PDF
            <span className="sr-only">: {guide.title} (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    );
  }
  if (guide.access === "hers") {
    // Her birth partner: the guide is in her course, and nothing here asks them to buy it.
    return (
      <p className="flex items-center gap-2 text-sm text-ink-soft">
        <span className="inline-flex size-7 items-center justify-center rounded-full bg-sand">
          <Lock aria-hidden="true" className="size-3.5 text-plum" />
        </span>
        In her Complete Course, on her account
      </p>
    );
  }
  const upgrade = guide.access === "upgrade";
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm text-ink-soft">
        <span className="inline-flex size-7 items-center justify-center rounded-full bg-sand">
          <Lock aria-hidden="true" className="size-3.5 text-plum" />
        </span>
        {upgrade || !guide.isFree ? "Included in the Complete Course" : "Free with an account"}
      </p>
      <Button asChild variant="outline" className="w-full">
        <Link to={guide.href}>
          <Lock aria-hidden="true" />
          {upgrade ? "Upgrade to Access" : "Sign Up to Access"}
          <span className="sr-only">: {guide.title}</span>
        </Link>
      </Button>
    </div>
  );
}
