import { useSearchForm } from "./use-search-form";

/** The home page's search: text, region, category and 'Search Now'. */
export function HeroSearchForm({ regions, categories }: { regions: readonly string[]; categories: readonly string[] }) {
  return (
    <form ref={useSearchForm()} action="/businesses" role="search" data-enhance="search" className="grid gap-2 rounded-2xl bg-white p-3 shadow-lg md:grid-cols-[2fr_1fr_1fr_auto]">
      <label htmlFor="hero-q" className="sr-only">
        What service are you looking for?
      </label>
      <input id="hero-q" name="q" type="search" maxLength={100} placeholder="What service are you looking for?" className="field py-3" />
      <Select id="hero-region" name="region" label="Region" all="All regions" options={regions} />
      <Select id="hero-category" name="category" label="Category" all="All categories" options={categories} />
      <button type="submit" className="btn btn-primary py-3 text-base">
        Search Now
      </button>
    </form>
  );
}

function Select({ id, name, label, all, options }: { id: string; name: string; label: string; all: string; options: readonly string[] }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} className="field py-3">
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </>
  );
}
