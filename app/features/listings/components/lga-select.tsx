import { useId, useState, useSyncExternalStore } from "react";
import { fieldClass, Required } from "../../../components/ui/field";
import { LGAS_BY_STATE, lgasOf } from "../../../lib/nigeria-lgas";
import { findRegion, REGIONS, type Region } from "../../../lib/reference";
import { t } from "../../../lib/i18n/i18n";

const noSubscription = () => () => {};

/**
 * The listing form's local government area, after the state. Without JavaScript (and until the page is
 * interactive) it offers every state's LGAs grouped by state, and the server checks the one chosen belongs
 * to the chosen state; once interactive it offers only the chosen state's, and forgets a choice the state
 * no longer has. Optional: a listing may have none (a visitor's suggestion of a business asks for one: `required`).
 */
export function LgaSelect({
  state,
  defaultValue,
  error,
  required = false,
  hint,
}: {
  state: string;
  defaultValue: string;
  error?: string | null;
  required?: boolean;
  hint?: string;
}) {
  const id = useId();
  const shownHint = hint ?? t("Optional. Visitors can filter by LGA.");
  // False on the server and while hydrating (the markup matches the server's), true once interactive.
  const interactive = useSyncExternalStore(noSubscription, () => true, () => false);
  const [value, setValue] = useState(defaultValue);
  const region = findRegion(state);
  const groups: Region[] = interactive ? (region ? [region] : []) : [...REGIONS];
  const offered = interactive ? (region ? lgasOf(region) : []) : null;
  // A choice of another state is dropped once the state changes (only the chosen state's are offered).
  const shown = offered && !offered.includes(value) ? "" : value;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {required ? <Required>{t("Local government area (LGA)")}</Required> : t("Local government area (LGA)")}
      </label>
      <select
        id={id}
        name="lga"
        className={fieldClass}
        value={shown}
        onChange={(event) => setValue(event.target.value)}
        disabled={interactive && !region}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
      >
        <option value="">{interactive && !region ? t("Select a state first") : t("Select an LGA")}</option>
        {groups.map((group) => (
          <optgroup key={group} label={group === "FCT" ? "FCT - Abuja" : t("{{state}} State", { state: group })}>
            {LGAS_BY_STATE[group].map((lga) => (
              <option key={lga} value={lga}>
                {lga}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <div id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        {shownHint}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
