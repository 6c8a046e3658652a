import {
  ArrowLeft,
  ArrowRight,
  Baby,
  Brain,
  Clock,
  Heart,
  Leaf,
  Moon,
  Sparkles,
  Waves,
  Zap,
  type IconComponent,
} from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Art, PALETTE, type Motif } from "#app/components/art.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { Colour } from "#app/modules/catalogue/guides.ts";

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  readTime: number;
  icon: string;
  colour: Colour;
}

const ICONS: Record<string, { Icon: IconComponent; motif: Motif }> = {
  brain: { Icon: Brain, motif: "breath" },
  heart: { Icon: Heart, motif: "hands" },
  leaf: { Icon: Leaf, motif: "leaf" },
  zap: { Icon: Zap, motif: "sun" },
  moon: { Icon: Moon, motif: "moon" },
  waves: { Icon: Waves, motif: "waves" },
  baby: { Icon: Baby, motif: "hands" },
};
const fallback = { Icon: Sparkles, motif: "waves" as Motif };

function articleLook(icon: string) {
  return ICONS[icon] ?? fallback;
}

/** A Hypno-Science card: picture, icon, title, excerpt and read time. The whole card is one link. */
export function ArticleCard({ article, basePath }: { article: ArticleSummary; basePath: string }) {
  const { Icon, motif } = articleLook(article.icon);
  const { deep, soft } = PALETTE[article.colour];
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-transform duration-200 hover:-translate-y-0.5">
      <Art seed={article.slug} colour={article.colour} motif={motif} className="aspect-[3/2] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex items-center gap-2 text-sm font-medium" style={{ color: deep }}>
          <span
            className="inline-flex size-8 items-center justify-center rounded-full"
            style={{ background: soft }}
          >
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <span className="inline-flex items-center gap-1 text-ink-soft">
            <Clock aria-hidden="true" className="size-3.5" /> {article.readTime} min read
          </span>
        </p>
        <h2 className="text-xl font-semibold">
          <Link
            to={`${basePath}/${article.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {article.title}
          </Link>
        </h2>
        <p className="text-ink-soft">{article.excerpt}</p>
        <p className="mt-auto inline-flex items-center gap-1 font-medium text-plum">
          Read the article{" "}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </p>
      </div>
    </article>
  );
}

/** What the invitation says and where it leads: the free course for a visitor, unless a page says otherwise. */
const LEARN_MORE_FOR_VISITORS = {
  text: "The free Foundation Course turns the science into practice: two calming audio sessions and three guides you can start tonight.",
  label: "Start the free course",
  to: "/auth?tier=free",
};

/** Shown when no article is open: the invitation to go further. */
export function WantToLearnMore({
  invitation = LEARN_MORE_FOR_VISITORS,
}: {
  invitation?: { text: string; label: string; to: string };
}) {
  return (
    <aside
      aria-labelledby="learn-more-heading"
      className="flex flex-col justify-center gap-4 rounded-[var(--radius-card)] bg-plum p-8 text-cream shadow-soft"
    >
      <h2 id="learn-more-heading" className="text-2xl font-semibold">
        Want to Learn More?
      </h2>
      <p>{invitation.text}</p>
      <div>
        <Button asChild>
          <Link to={invitation.to}>{invitation.label}</Link>
        </Button>
      </div>
    </aside>
  );
}

export interface FullArticle extends ArticleSummary {
  html: string;
  references: string[];
}

/** The reader: the whole article, its sources, Back to articles and what to do next. */
export function ArticleReader({
  article,
  backTo,
  callToAction,
}: {
  article: FullArticle;
  backTo: string;
  callToAction: { title: string; text: string; label: string; to: string };
}) {
  const { Icon, motif } = articleLook(article.icon);
  return (
    <article className="container-page py-10 md:py-14">
      <Button asChild variant="ghost" className="-ml-4">
        <Link to={backTo}>
          <ArrowLeft aria-hidden="true" /> Back to articles
        </Link>
      </Button>
      <header className="mt-6 grid gap-8 md:grid-cols-[1.2fr_1fr] md:items-end">
        <div>
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-sage-deep uppercase">
            <Icon aria-hidden="true" className="size-4" /> Hypno-Science · {article.readTime} min read
          </p>
          <h1 className="mt-3 text-4xl font-semibold md:text-5xl">{article.title}</h1>
          <p className="mt-4 measure text-lg text-ink-soft">{article.excerpt}</p>
        </div>
        <Art
          seed={article.slug}
          colour={article.colour}
          motif={motif}
          className="aspect-[3/2] w-full rounded-[var(--radius-card)]"
        />
      </header>
      <div className="mt-10 grid gap-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          <div className="prose-calm" dangerouslySetInnerHTML={{ __html: article.html }} />
          <section
            aria-labelledby="references-heading"
            className="prose-calm mt-12 border-t border-line pt-6"
          >
            <h2 id="references-heading" className="!mt-0 !text-xl">
              References
            </h2>
            <ol className="text-[0.95rem] text-ink-soft">
              {article.references.map((reference) => (
                <li key={reference}>{reference}</li>
              ))}
            </ol>
            <p className="text-[0.95rem] text-ink-soft">
              This article explains; it is not medical advice. Please bring questions about your health or
              your baby's to your midwife or doctor.
            </p>
          </section>
        </div>
        <aside
          aria-labelledby="next-step-heading"
          className="h-fit rounded-[var(--radius-card)] bg-sand p-6 lg:sticky lg:top-24"
        >
          <h2 id="next-step-heading" className="text-xl font-semibold">
            {callToAction.title}
          </h2>
          <p className="mt-2 text-ink-soft">{callToAction.text}</p>
          <Button asChild className="mt-4 w-full">
            <Link to={callToAction.to}>{callToAction.label}</Link>
          </Button>
        </aside>
      </div>
    </article>
  );
}
