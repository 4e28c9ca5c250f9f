/**
 * The texts a reader page's behaviour (app/enhance, ADR 29) shows after a press, carried by the markup it binds to as
 * data-text-… attributes (issue 36): that script must stay without the translation library (it would weigh on every
 * anonymous visit), so the server renders its texts here, in the page's language, and the script reads them. An
 * English page carries none: the script's own English texts are the same words, and the page stays as light.
 */
import { currentLocale, t } from "../lib/i18n/i18n";
import { DEFAULT_LOCALE, INTL_TAGS } from "../lib/i18n/locales";
import { SAVED_LIMITS } from "../lib/saved-businesses";

export type CarriedTexts = Record<`data-${string}`, string>;

function carried(texts: CarriedTexts): CarriedTexts {
  return currentLocale() === DEFAULT_LOCALE ? {} : texts;
}

/** Share's status (app/enhance/share.ts): on the share link. */
export function shareTexts(): CarriedTexts {
  return carried({ "data-text-copied": t("Link copied"), "data-text-failed": t("Could not share this page") });
}

/** The carousel's stop button names itself by what it does next (app/enhance/carousel.ts): on that button. */
export function carouselStopTexts(): CarriedTexts {
  return carried({ "data-text-stop": t("Stop slide rotation"), "data-text-start": t("Start slide rotation") });
}

/** A Save form's button and status (app/enhance/save.ts): on the form (`data-enhance="save"`). */
export function saveFormTexts(): CarriedTexts {
  const max = SAVED_LIMITS.max;
  return carried({
    "data-text-save": t("Save"),
    "data-text-saved": t("Saved"),
    "data-text-saved-device": t("Saved on this device: readable offline."),
    "data-text-saved-account": t("Saved to your account."),
    "data-text-removed": t("Removed from saved."),
    "data-text-device-full": t("This device keeps at most {{max}} saved businesses. Remove some from Saved to add more.", { max }),
    "data-text-account-full": t("You can save at most {{max}} businesses. Remove some from Saved to add more.", { max }),
    "data-text-failed": t("Could not save right now. Check your connection and try again."),
  });
}

/**
 * The device's saved list on /saved (app/enhance/save.ts): on its container (`data-enhance="saved-list"`). Its
 * {{placeholders}} are left for the script to fill (the name, the date and the count are the device's).
 */
export function savedListTexts(): CarriedTexts {
  const locale = currentLocale();
  return carried({
    "data-text-remove": t("Remove"),
    "data-text-remove-label": t("Remove {{name}} from saved", { name: "{{name}}" }),
    "data-text-saved-on": t("Saved {{date}}", { date: "{{date}}" }),
    "data-text-kept-for-account": t("Saved to your account, kept on this device"),
    "data-text-count": t("{{saved}} of {{max}} saved on this device.", { saved: "{{saved}}", max: SAVED_LIMITS.max }),
    "data-date-locale": INTL_TAGS[locale].dates,
  });
}
