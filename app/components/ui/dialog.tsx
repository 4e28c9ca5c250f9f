import type { ReactNode } from "react";

/**
 * A modal on the native <dialog> (id `id`): the browser traps focus, closes it on Escape and gives focus back.
 * It is opened, and closed by a click on its backdrop, by a behaviour in app/enhance (ADR 29), on reader pages and
 * in the app alike; a button in a <form method="dialog"> closes it.
 */
export function Dialog({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <dialog id={id} aria-labelledby={`${id}-title`} className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl shadow-xl backdrop:bg-black/50">
      <div className="p-6">
        <h2 id={`${id}-title`} className="title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
