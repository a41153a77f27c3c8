import { Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { SEARCH_QUERY_MAX } from "#core/schemas/search";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";

export interface SearchFormProps {
  /** The term in the address. */
  term: string;
  /** Called with the trimmed term on submit. */
  onSearch: (term: string) => void;
}

/** The /search page's box: username, name, industry or bio words. */
export function SearchForm({ term, onSearch }: SearchFormProps) {
  const [value, setValue] = useState(term);
  useEffect(() => setValue(term), [term]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form aria-label="Search reports" onSubmit={submit} className="flex w-full max-w-2xl gap-2">
      <label htmlFor="site-search" className="sr-only">
        Search term
      </label>
      <Input
        id="site-search"
        name="q"
        type="search"
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Username, name, industry..."
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
