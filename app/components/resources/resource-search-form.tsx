import { SearchInput } from "#app/components/ui/input.tsx";
import type { MouseEvent, RefObject } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { RESOURCE_CATEGORY_LABELS } from "#app/modules/catalogue/resource-labels.ts";
import {
  toggleCategory,
  type ResourceCategory,
  type ResourceFilter,
} from "#app/modules/catalogue/resource-search.ts";
import { CategoryChip } from "./category-chip.tsx";
import { CATEGORY_ICONS } from "./category-icons.ts";

/** The resource centre's search box and category chips: a plain GET form, so without JavaScript the server filters. */
export function ResourceSearchForm({
  filter,
  categories,
  searchBox,
  onChange,
  onSearch,
}: {
  filter: ResourceFilter;
  /** The kinds to offer as chips, after "All". */
  categories: readonly ResourceCategory[];
  searchBox: RefObject<HTMLInputElement | null>;
  onChange: (next: ResourceFilter) => void;
  /** Enter or the Search button. */
  onSearch: (next: ResourceFilter) => void;
}) {
  function chooseCategory(event: MouseEvent, category: ResourceCategory | null) {
    event.preventDefault();
    onChange({ ...filter, category: category === null ? null : toggleCategory(filter.category, category) });
  }

  return (
    <form
      method="get"
      role="search"
      aria-label="Resources"
      className="mt-6 grid gap-5 md:mt-8"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(filter);
        // On a phone this folds the keyboard away, so the results can be seen.
        searchBox.current?.blur();
      }}
    >
      <div className="grid gap-2">
        <label htmlFor="resource-search" className="font-medium text-ink">
          Search resources
        </label>
        <div className="flex gap-2 sm:max-w-xl">
          <SearchInput
            ref={searchBox}
            id="resource-search"
            name="q"
            value={filter.query}
            onChange={(event) => onChange({ ...filter, query: event.target.value })}
            placeholder="Try “breathing”"
            maxLength={100}
          />
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
          {categories.map((category) => {
            const pressed = filter.category === category;
            return (
              <CategoryChip
                key={category}
                label={RESOURCE_CATEGORY_LABELS[category].chip}
                Icon={CATEGORY_ICONS[category]}
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
  );
}
