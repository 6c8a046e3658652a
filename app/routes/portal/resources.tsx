import type { Route } from "./+types/resources";
import { EmptyResults } from "~/components/resources/empty-results.tsx";
import { ResourceList } from "~/components/resources/resource-card.tsx";
import { ResourceSearchForm } from "~/components/resources/resource-search-form.tsx";
import { useResourceFilter } from "~/components/resources/use-resource-filter.ts";
import { listResourceCards } from "~/modules/catalogue/resource-cards.server.ts";
import { offeredCategories } from "~/modules/catalogue/resource-labels.ts";
import { resourceCountText, searchResources } from "~/modules/catalogue/resource-search.ts";
import { BRAND } from "~/modules/site/brand.ts";

export function meta() {
  return [{ title: `Resources · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { resources: listResourceCards() };
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { filter, apply, clear, searchBox } = useResourceFilter();
  const found = searchResources(loaderData.resources, filter);

  return (
    <section className="container-page py-8 md:py-12" aria-labelledby="resources-heading">
      <h1 id="resources-heading" className="text-3xl font-semibold md:text-4xl">
        Resource centre
      </h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        Guides, answers, articles and short videos, gathered in one place. Search for a word, or choose a kind
        of resource.
      </p>

      <ResourceSearchForm
        filter={filter}
        categories={offeredCategories(loaderData.resources)}
        searchBox={searchBox}
        onChange={apply}
      />

      <p role="status" aria-atomic="true" className="mt-6 text-sm font-medium text-ink-soft md:mt-8">
        {resourceCountText(found.length)}
      </p>

      {found.length > 0 ? (
        <ResourceList resources={found} />
      ) : (
        <EmptyResults
          filter={filter}
          onClear={clear}
          onSuggestion={(query) => apply({ query, category: null })}
        />
      )}
    </section>
  );
}
