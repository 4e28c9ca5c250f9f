import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import type { Failure } from "../../../lib/app-error";
import { t } from "../../../lib/i18n/i18n";
import { DAILY_TEXT_CAP_MAX, hourText, NOTICE_CHANNELS, NOTICE_TEXTS, type NoticePreferences } from "../notice-preferences";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const selectClass = "mt-1 block rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm";

/**
 * The profile's 'Notifications' card (issue 33): the channels (WhatsApp, SMS, e-mail; texts need a verified number),
 * the quiet hours in Nigerian time and the most texts a day. A refusal keeps what was chosen, with the reason.
 */
export function NoticePreferencesCard({
  prefs,
  hasPhone,
  saved,
  failure,
}: {
  prefs: NoticePreferences;
  hasPhone: boolean;
  saved: boolean;
  failure?: Failure | null;
}) {
  const errors = failure?.fields ?? {};
  return (
    <section className="card p-5" aria-labelledby="notices-title">
      <h2 id="notices-title" className="font-semibold">
        {t(NOTICE_TEXTS.title)}
      </h2>
      <p className="mb-3 mt-1 text-sm text-gray-600">{t(NOTICE_TEXTS.intro)}</p>
      <Form method="post" className="space-y-4" noValidate>
        {saved ? <Alert tone="success">{t(NOTICE_TEXTS.saved)}</Alert> : null}
        {failure ? <FailureAlert failure={failure} /> : null}
        <input type="hidden" name="intent" value="notices" />
        <fieldset aria-describedby={errors.channels ? "notice-channels-error" : undefined}>
          <legend className="text-sm font-medium text-gray-700">{t(NOTICE_TEXTS.channelsLabel)}</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {NOTICE_CHANNELS.map((channel) => (
              <label key={channel.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="channels" value={channel.id} defaultChecked={prefs.channels.includes(channel.id)} className="h-5 w-5" />
                {t(channel.label)}
              </label>
            ))}
          </div>
          {errors.channels ? (
            <p id="notice-channels-error" className="mt-1 text-sm text-red-700">
              {errors.channels}
            </p>
          ) : !hasPhone ? (
            <p className="mt-1 text-xs text-gray-500">{t(NOTICE_TEXTS.needsPhone)}</p>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <HourSelect label={t(NOTICE_TEXTS.quietLabel)} name="quietFrom" value={prefs.quietFrom} invalid={Boolean(errors.quietFrom)} />
          <HourSelect label={t(NOTICE_TEXTS.quietUntilLabel)} name="quietUntil" value={prefs.quietUntil} invalid={Boolean(errors.quietUntil)} />
          <label>
            <span className="block font-medium text-gray-700">{t(NOTICE_TEXTS.capLabel)}</span>
            <input
              type="number"
              name="dailyTextCap"
              min={1}
              max={DAILY_TEXT_CAP_MAX}
              inputMode="numeric"
              defaultValue={prefs.dailyTextCap}
              className={`${selectClass} w-24`}
              aria-invalid={errors.dailyTextCap ? true : undefined}
            />
          </label>
        </div>
        <button type="submit" className="btn btn-outline">
          {t(NOTICE_TEXTS.save)}
        </button>
      </Form>
    </section>
  );
}

/** An hour of the day (00:00–23:00), labelled. */
function HourSelect({ label, name, value, invalid }: { label: string; name: string; value: number; invalid: boolean }) {
  return (
    <label>
      <span className="block font-medium text-gray-700">{label}</span>
      <select name={name} defaultValue={value} className={selectClass} aria-invalid={invalid ? true : undefined}>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {hourText(h)}
          </option>
        ))}
      </select>
    </label>
  );
}
