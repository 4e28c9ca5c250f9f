import { useState, useSyncExternalStore } from "react";
import { buttonClass } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { LOCATION_TEXTS } from "../../../lib/geo";
import { t } from "../../../lib/i18n/i18n";

const noSubscription = () => () => {};

/**
 * The listing's location (ADR 23): two inputs that work typed, without JavaScript, and 'Use my current
 * location', which fills them from the browser's position (the owner standing at the business).
 */
export function LocationFields({
  latitude,
  longitude,
  errors,
}: {
  latitude: string;
  longitude: string;
  errors: { latitude?: string; longitude?: string };
}) {
  const [values, setValues] = useState({ latitude, longitude });
  const [status, setStatus] = useState<string | null>(null);
  // The button does something only with JavaScript: it shows once the page is hydrated.
  const canLocate = useSyncExternalStore(noSubscription, () => true, () => false);

  function locate() {
    if (!("geolocation" in navigator)) {
      setStatus(t(LOCATION_TEXTS.unsupported));
      return;
    }
    setStatus(t(LOCATION_TEXTS.locating));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        // Six decimals: about 11 cm, more than any phone knows.
        setValues({ latitude: coords.latitude.toFixed(6), longitude: coords.longitude.toFixed(6) });
        setStatus(t("Location set (within about {{metres}} m). Save to keep it.", { metres: Math.round(coords.accuracy) }));
      },
      () => setStatus(t(LOCATION_TEXTS.formNoLocation)),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-700">{t("Location (optional)")}</legend>
      <p className="text-sm text-gray-600">{t(LOCATION_TEXTS.locationHint)}</p>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t("Latitude")}
          name="latitude"
          inputMode="decimal"
          placeholder="6.5244"
          value={values.latitude}
          onChange={(e) => setValues((v) => ({ ...v, latitude: e.target.value }))}
          error={errors.latitude}
          maxLength={20}
        />
        <TextField
          label={t("Longitude")}
          name="longitude"
          inputMode="decimal"
          placeholder="3.3792"
          value={values.longitude}
          onChange={(e) => setValues((v) => ({ ...v, longitude: e.target.value }))}
          error={errors.longitude}
          maxLength={20}
        />
      </div>
      {canLocate ? (
        <button type="button" className={buttonClass({ variant: "outline" })} onClick={locate}>
          {t(LOCATION_TEXTS.useMyLocation)}
        </button>
      ) : null}
      {status ? (
        <p className="text-sm text-gray-700" role="status">
          {status}
        </p>
      ) : null}
    </fieldset>
  );
}
