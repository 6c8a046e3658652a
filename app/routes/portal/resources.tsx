import type { Route } from "./+types/resources";
import { EmptyResults } from "#app/components/resources/empty-results.tsx";
import { ResourceList } from "#app/components/resources/resource-card.tsx";
import { ResourceSearchForm } from "#app/components/resources/resource-search-form.tsx";
import { SessionResults } from "#app/components/resources/session-results.tsx";
import { useResourceFilter } from "#app/components/resources/use-resource-filter.ts";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { listResourceCards } from "#app/modules/catalogue/resource-cards.server.ts";
import { offeredCategories, offeredKindsInWords } from "#app/modules/catalogue/resource-labels.ts";
import {
  readResourceFilter,
  resourceCountText,
  searchResources,
  searchWords,
} from "#app/modules/catalogue/resource-search.ts";
import { listedTracks } from "#app/modules/catalogue/tracks.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { sessionResults } from "#app/modules/transcripts/transcript-search.server.ts";
import { sameSearch } from "#app/modules/transcripts/transcript-search.ts";
import { captions, services, signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Resources · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  // The sessions the library lists, found by the address's search on the server: their words stay here.
  const { query } = readResourceFilter(new URL(args.request.url).searchParams);
  const sessions = listedTracks(services(args).env.PARTNER_COURSE);
  return {
    resources: listResourceCards(),
    sessions: {
      query,
      found: sessionResults(await captions(args), viewerOf(signedInMember(args)), sessions, query),
    },
  };
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { filter, apply, search, clear, searchBox } = useResourceFilter();
  const found = searchResources(loaderData.resources, filter);
  const { sessions } = loaderData;
  const offered = offeredCategories(loaderData.resources);
  // Sessions are no kind of resource: a chosen kind leaves them out.
  const searchingSessions = filter.category === null && searchWords(filter.query).length > 0;
  const sessionsCurrent = sameSearch(sessions.query, filter.query);
  const sessionsFound = searchingSessions && sessionsCurrent ? sessions.found.length : 0;

  return (
    <section className="container-page py-8 md:py-12" aria-labelledby="resources-heading">
      <h1 id="resources-heading" className="text-3xl font-semibold md:text-4xl">
        Resource centre
      </h1>
      <p className="mt-2 measure text-lg text-ink-soft">
        {offeredKindsInWords(offered)}, gathered in one place. Search for a word, or choose a kind of
        resource.
      </p>

      <ResourceSearchForm
        filter={filter}
        categories={offered}
        searchBox={searchBox}
        onChange={apply}
        onSearch={search}
      />

      <p role="status" aria-atomic="true" className="mt-6 text-sm font-medium text-ink-soft md:mt-8">
        {resourceCountText(found.length)}
      </p>

      {found.length > 0 ? (
        <ResourceList resources={found} />
      ) : sessionsFound > 0 ? null : (
        <EmptyResults
          filter={filter}
          onClear={clear}
          onSuggestion={(query) => search({ query, category: null })}
        />
      )}

      {searchingSessions && (sessionsFound > 0 || !sessionsCurrent) ? (
        <SessionResults
          query={filter.query}
          found={sessions.found}
          current={sessionsCurrent}
          onSearch={() => search(filter)}
        />
      ) : null}
    </section>
  );
}
