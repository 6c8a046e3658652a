import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SearchInput } from "#app/components/ui/input.tsx";

const linkClass = "font-medium text-plum underline underline-offset-4 hover:text-plum-deep";

/**
 * The library's search: a plain GET form, so the server searches with or
 * without JavaScript (the sessions' words never leave it). The box shows the
 * search back, and a link clears it.
 */
export function SessionSearchForm({ query, action }: { query: string; action: string }) {
  // The box follows a new search (or the clear link) without being remade, so it keeps her focus.
  const [value, setValue] = useState(query);
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    setValue(query);
  }
  return (
    <Form method="get" action={action} role="search" aria-label="Sessions" className="grid gap-2">
      <label htmlFor="session-search" className="font-medium text-ink">
        Search sessions
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex flex-1 gap-2 sm:max-w-xl">
          <SearchInput
            id="session-search"
            name="q"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            // Short enough to show whole beside the button on a 320 px screen.
            placeholder="Word or title"
            maxLength={100}
          />
          <Button type="submit" variant="secondary" size="field">
            Search
          </Button>
        </div>
        {query.trim() === "" ? null : (
          <Link to={action} className={`inline-flex min-h-11 items-center ${linkClass}`}>
            Clear the search
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Under a session found by its words: the sentence that holds them (its row links to the whole transcript). */
export function TranscriptMatch({ excerpt }: { excerpt: string }) {
  return (
    <p className="mt-2 rounded-2xl bg-lavender-soft/60 px-4 py-3 text-[0.95rem] text-ink">
      <span className="font-medium">In the session: </span>“{excerpt}”
    </p>
  );
}
