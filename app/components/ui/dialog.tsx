import type { ReactNode, RefObject } from "react";
import { keepTabInside } from "../../lib/focus-trap";

/**
 * A modal on the native <dialog>: the browser makes the page behind it inert, closes it on Escape and gives
 * focus back; Tab is kept inside (keepTabInside). Open it with ref.current.showModal(); a button in a
 * <form method="dialog"> closes it.
 */
export function Dialog({ dialogRef, id, title, children }: { dialogRef: RefObject<HTMLDialogElement | null>; id: string; title: string; children: ReactNode }) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={id}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl shadow-xl backdrop:bg-black/50"
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
      onKeyDown={(event) => keepTabInside(event.currentTarget, event)}
    >
      <div className="p-6">
        <h2 id={id} className="title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
