import { useId, type ReactNode } from "react";

/** A white panel; with a title, a labelled region (its heading names it for screen readers). */
export function Card({ title, children, className = "", headingLevel = 2 }: { title?: ReactNode; children: ReactNode; className?: string; headingLevel?: 2 | 3 }) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={`card p-5 ${className}`} aria-labelledby={title ? id : undefined}>
      {title ? (
        <Heading id={id} className="mb-3 text-lg font-semibold">
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
