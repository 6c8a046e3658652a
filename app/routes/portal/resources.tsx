import {
  ArrowRight,
  BookOpen,
  Check,
  Clock,
  MessageCircleQuestion,
  Newspaper,
  PlayCircle,
  Search,
  SearchX,
  type IconComponent,
} from "~/components/ui/icons.tsx";
import { useRef, useState, type MouseEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/resources";
import { PALETTE } from "~/components/art.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/components/ui/cn.ts";
import type { Colour } from "~/modules/catalogue/guides.ts";
import { resources } from "~/modules/catalogue/content.server.ts";
import {
  cardTags,
  memberLinkFor,
  readResourceFilter,
  RESOURCE_CATEGORIES,
  resourceCountText,
  resourceFilterSearch,
  searchResources,
  toggleCategory,
  type ResourceCategory,
  type ResourceFilter,
} from "~/modules/catalogue/resource-search.ts";
import { BRAND } from "~/modules/site/brand.ts";

export function meta() {
  return [{ title: `Resources · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** All ten, every tag included (search looks at them all; a card shows three). Filtering happens while rendering. */
export function loader() {
  return {
    resources: resources.map(({ id, title, description, category, tags, link }) => ({
      id,
      title,
      description,
      category,
      tags,
      href: memberLinkFor(link),
    })),
  };
}

type ResourceCardData = Awaited<ReturnType<typeof loader>>["resources"][number];

const CATEGORY_LOOKS: Record<
  ResourceCategory,
  { label: string; chip: string; Icon: IconComponent; colour: Colour }
> = {
  guide: { label: "Guide", chip: "Guides", Icon: BookOpen, colour: "lavender" },
  video: { label: "Video", chip: "Videos", Icon: PlayCircle, colour: "apricot" },
  faq: { label: "FAQ", chip: "FAQs", Icon: MessageCircleQuestion, colour: "sage" },
  article: { label: "Article", chip: "Articles", Icon: Newspaper, colour: "sky" },
};

/** What the card's link says, by where it goes: a promise the page keeps. */
function linkLabel(href: string) {
  if (href.startsWith("/portal/hypno-science/")) return "Read the article";
  const labels: Record<string, string> = {
    "/portal/program": "Open your programme",
    "/portal/library": "Go to your library",
    "/free-downloads": "Get the free download",
    "/stories": "Read birth stories",
  };
  return labels[href] ?? "Open";
}

const SUGGESTIONS = ["breathing", "birth partner", "sleep"];

// Marks the address changes the search box makes itself, so they are not read back into it.
const FROM_SEARCH_BOX = { fromSearchBox: true } as const;
function isFromSearchBox(state: unknown) {
  return typeof state === "object" && state !== null && "fromSearchBox" in state;
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const searchBox = useRef<HTMLInputElement>(null);

  // The box answers each keystroke from its own state; the address follows it. When the
  // address changes some other way (the sidebar's Resources link, say), the box follows the address.
  const [filter, setFilter] = useState<ResourceFilter>(() => readResourceFilter(searchParams));
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    if (!isFromSearchBox(location.state)) setFilter(readResourceFilter(searchParams));
  }

  const found = searchResources(loaderData.resources, filter);
  // A kind offers a filter once one of its resources is there to open (not only "Coming soon").
  const offeredCategories = RESOURCE_CATEGORIES.filter((category) =>
    loaderData.resources.some((resource) => resource.category === category && resource.href),
  );

  function apply(next: ResourceFilter) {
    setFilter(next);
    // Replace, so Back leaves the page rather than stepping through keystrokes. The resources
    // are already here, so no loader needs to run.
    setSearchParams(new URLSearchParams(resourceFilterSearch(next)), {
      replace: true,
      preventScrollReset: true,
      defaultShouldRevalidate: false,
      state: FROM_SEARCH_BOX,
    });
  }

  function chooseCategory(event: MouseEvent, category: ResourceCategory | null) {
    event.preventDefault();
    apply({ ...filter, category: category === null ? null : toggleCategory(filter.category, category) });
  }

  function clearSearch(event: MouseEvent) {
    event.preventDefault();
    apply({ query: "", category: null });
    // The button that was pressed disappears with the empty state: keep her place in the page.
    searchBox.current?.focus();
  }

  return (
    <section className="container-page py-8 md:py-12" aria-labelledby="resources-heading">
      <h1 id="resources-heading" className="text-3xl font-semibold md:text-4xl">
        Resource centre
      </h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        Guides, answers, articles and short videos, gathered in one place. Search for a word, or choose a kind
        of resource.
      </p>

      {/* A plain GET form: without JavaScript the server filters; with it, results follow each keystroke. */}
      <form
        method="get"
        role="search"
        aria-label="Resources"
        className="mt-6 grid gap-5 md:mt-8"
        onSubmit={(event) => {
          event.preventDefault();
          apply(filter);
          // On a phone this folds the keyboard away, so the results can be seen.
          searchBox.current?.blur();
        }}
      >
        <div className="grid gap-2">
          <label htmlFor="resource-search" className="font-medium text-ink">
            Search resources
          </label>
          <div className="flex gap-2 sm:max-w-xl">
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-soft"
              />
              <input
                ref={searchBox}
                id="resource-search"
                type="search"
                name="q"
                value={filter.query}
                onChange={(event) => apply({ ...filter, query: event.target.value })}
                placeholder="Try “breathing”"
                autoComplete="off"
                enterKeyHint="search"
                maxLength={100}
                className="block min-h-12 w-full rounded-full border border-ink/25 bg-white pr-4 pl-12 text-base text-ink transition-colors duration-200 placeholder:text-ink-soft hover:border-ink/40 focus-visible:border-plum"
              />
            </div>
            {/* First of the form's buttons, so Enter in the box keeps the chosen category. */}
            <Button
              type="submit"
              variant="secondary"
              size="field"
              name={filter.category ? "category" : undefined}
              value={filter.category ?? undefined}
            >
              Search
            </Button>
          </div>
        </div>

        <fieldset className="min-w-0">
          <legend className="mb-2 font-medium text-ink">Show</legend>
          <div className="flex flex-wrap gap-2">
            <CategoryChip
              label="All"
              pressed={filter.category === null}
              value=""
              onClick={(event) => chooseCategory(event, null)}
            />
            {offeredCategories.map((category) => {
              const { chip, Icon } = CATEGORY_LOOKS[category];
              const pressed = filter.category === category;
              return (
                <CategoryChip
                  key={category}
                  label={chip}
                  Icon={Icon}
                  pressed={pressed}
                  // Without JavaScript the chosen chip submits an empty category: pressing it again clears it.
                  value={pressed ? "" : category}
                  onClick={(event) => chooseCategory(event, category)}
                />
              );
            })}
          </div>
        </fieldset>
      </form>

      <p role="status" aria-atomic="true" className="mt-6 text-sm font-medium text-ink-soft md:mt-8">
        {resourceCountText(found.length)}
      </p>

      {found.length > 0 ? (
        <ul className="mt-3 grid gap-5 md:grid-cols-2">
          {found.map((resource) => (
            <li key={resource.id}>
              <ResourceCard resource={resource} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyResults
          filter={filter}
          onClear={clearSearch}
          onSuggestion={(query) => apply({ query, category: null })}
        />
      )}
    </section>
  );
}

function CategoryChip({
  label,
  Icon,
  pressed,
  value,
  onClick,
}: {
  label: string;
  Icon?: IconComponent;
  pressed: boolean;
  value: string;
  onClick: (event: MouseEvent) => void;
}) {
  return (
    <button
      type="submit"
      name="category"
      value={value}
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-[0.95rem] font-medium transition-colors duration-200",
        pressed
          ? "border-plum bg-plum text-cream hover:bg-plum-deep"
          : "border-ink/20 bg-white text-ink hover:border-plum/50 hover:bg-lavender-soft",
      )}
    >
      {/* The tick says "chosen" in shape as well as colour. */}
      {pressed ? (
        <Check aria-hidden="true" className="size-4" />
      ) : Icon ? (
        <Icon aria-hidden="true" className="size-4 text-plum" />
      ) : null}
      {label}
    </button>
  );
}

function ResourceCard({ resource }: { resource: ResourceCardData }) {
  const { label, Icon, colour } = CATEGORY_LOOKS[resource.category];
  const { soft, deep } = PALETTE[colour];
  const headingId = `resource-${resource.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex h-full flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft transition-colors duration-200 md:p-6",
        resource.href &&
          "group hover:border-plum/40 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-plum",
      )}
    >
      <p
        className="inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold"
        style={{ background: soft, color: deep }}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </p>
      <h2 id={headingId} className="text-xl font-semibold">
        {resource.href ? (
          // The whole card answers to its title (a stretched click area).
          <Link
            to={resource.href}
            className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] focus-visible:outline-none"
          >
            {resource.title}
          </Link>
        ) : (
          resource.title
        )}
      </h2>
      <p className="text-ink-soft">{resource.description}</p>
      <ul aria-label="Tags" className="flex flex-wrap gap-2">
        {cardTags(resource.tags).map((tag) => (
          <li key={tag} className="rounded-full bg-sand px-2.5 py-0.5 text-sm text-ink-soft">
            {tag}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-2">
        {resource.href ? (
          <p className="inline-flex items-center gap-1 font-medium text-plum">
            {linkLabel(resource.href)}
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform duration-200 group-hover:translate-x-0.5"
            />
          </p>
        ) : (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-apricot-soft px-3 py-1 text-sm font-medium text-ink">
            <Clock aria-hidden="true" className="size-4" />
            Coming soon
          </p>
        )}
      </div>
    </article>
  );
}

function EmptyResults({
  filter,
  onClear,
  onSuggestion,
}: {
  filter: ResourceFilter;
  onClear: (event: MouseEvent) => void;
  onSuggestion: (query: string) => void;
}) {
  const where = filter.category ? ` in ${CATEGORY_LOOKS[filter.category].chip}` : "";
  const query = filter.query.trim();
  return (
    <div className="mt-3 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-10 text-center md:py-12">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-lavender-soft text-plum">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-xl font-semibold md:text-2xl">
        {query ? `Nothing matches “${query}”${where}` : `Nothing here yet${where}`}
      </h2>
      <p className="max-w-md text-ink-soft">
        We may just use a different word for it. Try a shorter one, or one of these:{" "}
        {SUGGESTIONS.map((suggestion, index) => (
          <span key={suggestion}>
            {index > 0 ? (index === SUGGESTIONS.length - 1 ? " or " : ", ") : null}
            <Link
              to={`/portal/resources${resourceFilterSearch({ query: suggestion, category: null })}`}
              onClick={(event) => {
                event.preventDefault();
                onSuggestion(suggestion);
              }}
              className="font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
            >
              {suggestion}
            </Link>
          </span>
        ))}
        .
      </p>
      <Button asChild variant="secondary" className="mt-2">
        <Link to="/portal/resources" onClick={onClear}>
          Clear the search
        </Link>
      </Button>
    </div>
  );
}
