import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { t } from "../../lib/i18n/i18n";

type FieldProps = {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
};

/**
 * The look of every text input, select and textarea (also for the few hand-built fields). The focus ring is
 * solid brand-600 (5.5:1 on white); focus-within too, for date and time inputs, whose focus sits in their parts.
 */
export const fieldClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600 aria-[invalid=true]:border-red-500";

/** Wires a control to its label, hint and error: the error is announced and described by the control. */
function useField({ error, hint, id: given }: Pick<FieldProps, "error" | "hint"> & { id?: string }) {
  const generated = useId();
  const id = given ?? generated;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const control = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  const messages = (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, control, messages };
}

/** A label's text with the required-field star (the star is not read out; the field itself is required). */
export function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span aria-hidden="true">*</span>
    </>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-700">
      {children}
    </label>
  );
}

/** A labelled input with its hint and error. */
export function TextField({ label, error, hint, id: given, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { id, control, messages } = useField({ error, hint, id: given });
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <input className={fieldClass} {...control} {...input} />
      {messages}
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField({ label, error, hint, id: given, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { id, control, messages } = useField({ error, hint, id: given });
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <input type={visible ? "text" : "password"} className={`${fieldClass} pr-20`} {...control} {...input} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-brand-700 hover:text-brand-800"
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? t("Hide") : t("Show")}
        </button>
      </div>
      {messages}
    </div>
  );
}

export type SelectOption = string | { value: string; label: string };

/** A labelled select over a list of values (shown as themselves, or with a label), with an optional empty first choice. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  id: given,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; placeholder?: string }) {
  const { id, control, messages } = useField({ error, hint, id: given });
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select className={fieldClass} {...control} {...select}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {messages}
    </div>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({ label, error, hint, id: given, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, control, messages } = useField({ error, hint, id: given });
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea className={fieldClass} {...control} {...textarea} />
      {messages}
    </div>
  );
}
