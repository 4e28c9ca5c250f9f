import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";
import { useSearchForm } from "./use-search-form";

/** A choice of a select: its value (English, the address keeps it) and what people read. */
type Choice = { value: string; label: string };

/** The home page's search: text, region, category (each shown in the page's language) and 'Search Now'. */
export function HeroSearchForm({ regions, categories }: { regions: readonly string[]; categories: readonly Choice[] }) {
  return (
    <form ref={useSearchForm()} action={localizePath(currentLocale(), "/businesses")} role="search" data-enhance="search" className="grid gap-2 rounded-2xl bg-white p-3 shadow-lg md:grid-cols-[2fr_1fr_1fr_auto]">
      <label htmlFor="hero-q" className="sr-only">
        {t("What service are you looking for?")}
      </label>
      <input id="hero-q" name="q" type="search" maxLength={100} placeholder={t("What service are you looking for?")} className="field py-3" />
      <Select id="hero-region" name="region" label={t("Region")} all={t("All regions")} options={regions.map((region) => ({ value: region, label: region }))} />
      <Select id="hero-category" name="category" label={t("Category")} all={t("All categories")} options={categories} />
      <button type="submit" className="btn btn-primary py-3 text-base">
        {t("Search Now")}
      </button>
    </form>
  );
}

function Select({ id, name, label, all, options }: { id: string; name: string; label: string; all: string; options: readonly Choice[] }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} className="field py-3">
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
