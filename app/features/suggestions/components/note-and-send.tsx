import { buttonClass } from "../../../components/ui/button";
import { TextAreaField } from "../../../components/ui/field";
import { t } from "../../../lib/i18n/i18n";
import { SUGGESTION_LIMITS } from "../suggestion.schemas";

/** The end of both suggestion forms: the optional note for the admin (with the form's own hint) and the send button. */
export function NoteAndSend({ note, error, hint, sending }: { note: string; error: string | undefined; hint: string; sending: boolean }) {
  return (
    <>
      <TextAreaField label={t("Note for the admin")} name="note" rows={3} maxLength={SUGGESTION_LIMITS.noteMax} defaultValue={note} error={error} hint={hint} />
      <button type="submit" className={buttonClass({ full: true })} disabled={sending}>
        {sending ? t("Sending…") : t("Send suggestion")}
      </button>
    </>
  );
}
