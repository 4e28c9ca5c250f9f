import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "outline" | "danger" | "warning";
export type ButtonSize = "md" | "sm";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  outline: "btn-outline",
  danger: "btn-danger",
  warning: "btn-warning",
};

/**
 * The class of every button and button-like link: the .btn family in app.css (focus ring, disabled look
 * and touch size included), so plain server-rendered forms look the same as React ones.
 */
export function buttonClass({ variant = "primary", size = "md", full = false }: { variant?: ButtonVariant; size?: ButtonSize; full?: boolean } = {}): string {
  return ["btn", VARIANTS[variant], size === "sm" ? "btn-sm" : "", full ? "w-full" : ""].filter(Boolean).join(" ");
}

type Look = { variant?: ButtonVariant; size?: ButtonSize; full?: boolean };

/** A button (type="button" unless given: a stray Enter never submits a form by accident). */
export function Button({ variant, size, full, className, type = "button", ...button }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={`${buttonClass({ variant, size, full })} ${className ?? ""}`.trim()} {...button} />;
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, full, className, ...link }: Look & LinkProps) {
  return <Link className={`${buttonClass({ variant, size, full })} ${className ?? ""}`.trim()} {...link} />;
}
