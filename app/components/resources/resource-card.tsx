import { ArrowRight, Clock } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { PALETTE } from "#app/components/art.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { ResourceCard as ResourceCardData } from "#app/modules/catalogue/resource-cards.server.ts";
import { RESOURCE_CATEGORY_LABELS, resourceLinkLabel } from "#app/modules/catalogue/resource-labels.ts";
import { cardTags } from "#app/modules/catalogue/resource-search.ts";
import { CATEGORY_ICONS } from "./category-icons.ts";

/** The resources that matched, as a grid of cards. */
export function ResourceList({ resources }: { resources: readonly ResourceCardData[] }) {
  return (
    <ul className="mt-3 grid gap-5 md:grid-cols-2">
      {resources.map((resource) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} />
        </li>
      ))}
    </ul>
  );
}

/** One resource: its kind, title, description and first tags, and where it leads or that it is coming soon. */
function ResourceCard({ resource }: { resource: ResourceCardData }) {
  const { label, colour } = RESOURCE_CATEGORY_LABELS[resource.category];
  const Icon = CATEGORY_ICONS[resource.category];
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
            {resourceLinkLabel(resource.href)}
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
