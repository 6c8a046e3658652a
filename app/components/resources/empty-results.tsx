import { SearchX } from "#app/components/ui/icons.tsx";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { noResultsHeading } from "#app/modules/catalogue/resource-labels.ts";
import { resourceFilterSearch, type ResourceFilter } from "#app/modules/catalogue/resource-search.ts";

const SUGGESTIONS = ["breathing", "birth partner", "sleep"];

/** What the resource centre shows when nothing matches: a few words to try, and a way back to everything. */
export function EmptyResults({
  filter,
  onClear,
  onSuggestion,
}: {
  filter: ResourceFilter;
  onClear: () => void;
  onSuggestion: (query: string) => void;
}) {
  return (
    <div className="mt-3 flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-line bg-white/70 px-6 py-10 text-center md:py-12">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-lavender-soft text-plum">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-xl font-semibold md:text-2xl">{noResultsHeading(filter)}</h2>
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
        <Link
          to="/portal/resources"
          onClick={(event) => {
            event.preventDefault();
            onClear();
          }}
        >
          Clear the search
        </Link>
      </Button>
    </div>
  );
}
