import { Required, SelectField } from "../../../components/ui/field";
import { t } from "../../../lib/i18n/i18n";
import { REGIONS } from "../../../lib/reference";

/** The state of a suggested place (both suggestion forms); `onChange` lets the LGA list follow it. */
export function StateSelect({ defaultValue, error, onChange }: { defaultValue: string; error: string | undefined; onChange: (state: string) => void }) {
  return (
    <SelectField
      label={<Required>{t("State")}</Required>}
      name="state"
      options={REGIONS.map((r) => ({ value: r, label: r === "FCT" ? "FCT - Abuja" : r }))}
      placeholder={t("Select a state")}
      defaultValue={defaultValue}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      aria-required="true"
    />
  );
}
