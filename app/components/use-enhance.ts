import { useEffect, useRef } from "react";

/**
 * Runs a reader-page behaviour (app/enhance, ADR 29) on the element a component renders, in the hydrated app: the
 * same code that runs without React on anonymous visitors' pages. It binds once, when the element mounts, and
 * unbinds when it goes; the component renders the markup the behaviour expects and keeps no state of its own.
 */
export function useEnhance<T extends HTMLElement>(enhance: (element: T) => () => void) {
  const ref = useRef<T>(null);
  // The function the component first rendered with: the behaviour binds once (it reads everything else from the markup).
  const bind = useRef(enhance);
  useEffect(() => (ref.current ? bind.current(ref.current) : undefined), []);
  return ref;
}
