import { SafeImage } from "~/components/safe-image";
import { t } from "~/lib/i18n/i18n";
import { PRICE_LIST_TEXTS, priceText, type PublicPriceGroup } from "~/features/listings/price-list.schemas";

/**
 * The business page's products and services as a price list (issue 37, ADR 42): groups in order, each item's name, short
 * description, price ('₦5,000', 'from ₦5,000', or 'Ask for price') and small photo (lazy; with data saver on it waits for
 * a tap, like the gallery). Plain HTML: no JavaScript on the reader page.
 */
export function PriceList({ groups }: { groups: PublicPriceGroup[] }) {
  return (
    <div className="mt-3 space-y-4" data-price-list="">
      {groups.map((group, i) => (
        <div key={group.name ?? `none-${i}`}>
          {group.name ? <h3 className="font-semibold text-gray-900">{group.name}</h3> : null}
          <ul className="divide-y divide-gray-100">
            {group.items.map((item) => {
              const price = priceText(item);
              return (
                <li key={item.name} className="flex items-start gap-3 py-2">
                  {item.image ? <SafeImage src={item.image.src} alt={item.name} width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 overflow-hidden rounded-lg" /> : null}
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-medium">{item.name}</p>
                    {item.description ? <p className="break-words text-sm text-gray-600">{item.description}</p> : null}
                  </div>
                  <p className={price ? "shrink-0 font-semibold" : "shrink-0 text-sm text-gray-600"}>{price ?? t(PRICE_LIST_TEXTS.askForPrice)}</p>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
