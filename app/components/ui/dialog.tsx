import type { ReactNode, RefObject } from "react";

/**
 * A modal on the native <dialog>: the browser traps focus, closes it on Escape and gives focus
 * back. Open it with ref.current.showModal(); a button in a <form method="dialog"> closes it.
 */
export function Dialog({ dialogRef, id, title, children }: { dialogRef: RefObject<HTMLDialogElement | null>; id: string; title: string; children: ReactNode }) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={id}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl shadow-xl backdrop:bg-black/50"
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === event.currentTarget && event.currentTarget.close()}
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
