import { useState, useSyncExternalStore } from "react";
import { Button } from "../../../components/ui/button";
import { t } from "../../../lib/i18n/i18n";
import { LEDGER_TEXTS, receiptShareText, type ReceiptTextData } from "../payment-ledger";

/** What this browser can do with a receipt; null on the server and while hydrating (no button works yet). */
type Abilities = { print: boolean; share: "share" | "copy" | null };

let abilities: Abilities | undefined;
function browserAbilities(): Abilities {
  abilities ??= {
    print: typeof window.print === "function",
    share: typeof navigator.share === "function" ? "share" : typeof navigator.clipboard?.writeText === "function" ? "copy" : null,
  };
  return abilities;
}
const noSubscription = () => () => undefined;

/**
 * Print and Share for the receipt page, shown only once JavaScript runs and only where the browser can do them
 * (the page's hint names the browser's own Print command for everyone else). Share hands the phone's share
 * sheet a plain-text receipt; without one, the text is copied to the clipboard. The text, never the page's
 * address: the receipt opens only for its payer, signed in.
 */
export function ReceiptActions({ receipt }: { receipt: ReceiptTextData }) {
  const can = useSyncExternalStore(noSubscription, browserAbilities, () => null);
  const [status, setStatus] = useState("");
  if (!can || (!can.print && !can.share)) return null;

  const title = `${t(LEDGER_TEXTS.receiptTitle)} ${receipt.reference}`;
  async function copy(text: string) {
    await navigator.clipboard.writeText(text);
    setStatus(t(LEDGER_TEXTS.copied));
  }
  async function share() {
    const text = receiptShareText(receipt);
    setStatus("");
    try {
      if (can?.share === "share") await navigator.share({ title, text });
      else await copy(text);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name === "AbortError") return;
      // A share sheet that refuses (no sharing target, a permission) still leaves the clipboard.
      try {
        if (can?.share === "share" && typeof navigator.clipboard?.writeText === "function") await copy(text);
        else setStatus(t(LEDGER_TEXTS.shareFailed));
      } catch {
        setStatus(t(LEDGER_TEXTS.shareFailed));
      }
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden" role="group" aria-label={t(LEDGER_TEXTS.actions)}>
      {can.print ? (
        <Button variant="outline" onClick={() => window.print()}>
          {t(LEDGER_TEXTS.printButton)}
        </Button>
      ) : null}
      {can.share ? (
        <Button variant="outline" onClick={() => void share()}>
          {can.share === "share" ? t(LEDGER_TEXTS.shareButton) : t(LEDGER_TEXTS.copyButton)}
        </Button>
      ) : null}
      <p role="status" className="text-sm text-gray-700">
        {status}
      </p>
    </div>
  );
}
