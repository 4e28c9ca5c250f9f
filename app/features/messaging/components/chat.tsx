import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { LIMITS } from "../../../lib/reference";
import { formatFullTime, formatMessageTime } from "../../../lib/format";
import { currentLocale, t, translateIfKnown } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import { SAFETY_TEXTS, safetyConcerns } from "../safety-tips";
import {
  BLOCK_TEXTS, MESSAGE_TEXTS, messageLength, messageProblem, newIdempotencyKey, sanitizeMessage, type ChatConversation, type MessageCreatedPayload, type MessageView,
} from "../message.schemas";
import { subscribeRealtime } from "../../../lib/realtime-client";

type Notice = { tone: "success" | "error"; text: string } | null;

type Props = {
  conversation: ChatConversation;
  viewerId: string;
  /** Where the form posts without JavaScript (this page). */
  formAction: string;
  /** For the form without JavaScript; the script makes a fresh one per draft. */
  idempotencyKey: string;
  /** What the server said after a form post without JavaScript. */
  initialNotice?: Notice;
  initialDraft?: string;
};

const noSubscription = () => () => undefined;
/** False on the server and while hydrating: the form must work before (and without) the script. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const dismissalListeners = new Set<() => void>();
const dismissedInMemory = new Set<string>();
function subscribeDismissals(listener: () => void): () => void {
  dismissalListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    dismissalListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function readDismissed(key: string): boolean {
  if (dismissedInMemory.has(key)) return true;
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function merge(current: MessageView[], incoming: MessageView[]): MessageView[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
}

/** A conversation: oldest first, bubbles at most 70% wide, Enter sends, Shift+Enter starts a new line. */
export function Chat({ conversation, viewerId, formAction, idempotencyKey, initialNotice = null, initialDraft = "" }: Props) {
  const { business, visitor, viewerRole } = conversation;
  const [messages, setMessages] = useState(conversation.messages);
  const [source, setSource] = useState(conversation.messages);
  if (source !== conversation.messages) {
    // Reloaded data (revalidation) joins what arrived live.
    setSource(conversation.messages);
    setMessages((current) => merge(current, conversation.messages));
  }
  const [draft, setDraft] = useState(initialDraft);
  const [key, setKey] = useState(idempotencyKey);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(initialNotice);
  const logRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = useId();
  const noticeId = useId();

  const hydrated = useHydrated();
  // Safety notes, dismissed per conversation and remembered in this browser (without the script they stay).
  const dismissKey = `safety-note-dismissed:${business.id}:${visitor.id}`;
  const tipsDismissed = useSyncExternalStore(subscribeDismissals, () => readDismissed(dismissKey), () => false);
  const dismissTips = () => {
    try {
      window.localStorage.setItem(dismissKey, "1");
    } catch {
      // Storage unavailable (private mode): dismissed for this page only.
      dismissedInMemory.add(dismissKey);
    }
    for (const listener of dismissalListeners) listener();
  };
  const isParticipant = viewerRole !== "admin";
  const title = viewerRole === "visitor" ? business.name : visitor.name;

  // Live: new messages of this conversation appear; those sent to the viewer are marked read at once.
  useEffect(() => {
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    let unseen = false;
    const markRead = () => {
      clearTimeout(readTimer);
      readTimer = setTimeout(() => {
        const body = JSON.stringify(viewerRole === "owner" ? { businessId: business.id, visitorId: visitor.id } : { businessId: business.id });
        void fetch("/api/messages/read", { method: "POST", headers: { "Content-Type": "application/json" }, body }).catch(() => undefined);
      }, 300);
    };
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type !== "message.created") return;
      const { message } = event.payload as unknown as MessageCreatedPayload;
      if (message.businessId !== business.id || message.visitorId !== visitor.id) return;
      setMessages((current) => merge(current, [message]));
      if (!isParticipant || message.senderId === viewerId) return;
      // Read means seen: in a background tab it waits until the tab is shown.
      if (document.hidden) unseen = true;
      else markRead();
    });
    const onVisible = () => {
      if (document.hidden || !unseen) return;
      unseen = false;
      markRead();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(readTimer);
    };
  }, [business.id, visitor.id, viewerId, viewerRole, isParticipant]);

  // Newest at the bottom, in view (in the reversed column, scrollTop 0 is the bottom).
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = 0;
  }, [messages.length, notice]);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const showNotice = (next: Notice) => {
    clearTimeout(noticeTimer.current);
    setNotice(next);
    if (next?.tone === "success") noticeTimer.current = setTimeout(() => setNotice(null), 4000);
  };

  async function send() {
    const problem = messageProblem(draft);
    if (problem) {
      showNotice({ tone: "error", text: t(problem) });
      return;
    }
    const sentDraft = draft;
    const sentKey = key;
    setSending(true);
    showNotice(null);
    try {
      const response = await fetch("/api/messages", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          businessId: business.id,
          ...(viewerRole === "owner" ? { visitorId: visitor.id } : {}),
          message: sentDraft,
          idempotencyKey: sentKey,
        }),
      });
      const body = (await response.json().catch(() => null)) as { message?: MessageView; error?: string } | null;
      if (response.ok && body?.message) {
        setMessages((current) => merge(current, [body.message!]));
        // Whatever was typed meanwhile stays (it already has a key of its own).
        setDraft((current) => (current === sentDraft ? "" : current));
        setKey((current) => (current === sentKey ? newIdempotencyKey() : current));
        showNotice({ tone: "success", text: t(MESSAGE_TEXTS.sent) });
      } else if (response.status === 401) {
        showNotice({ tone: "error", text: t(MESSAGE_TEXTS.loginRequired) });
      } else {
        // The draft stays, with the same key: sending again cannot store it twice. The endpoint answers in English
        // (its address has no language): a text of ours is shown in the page's.
        showNotice({ tone: "error", text: body?.error ? translateIfKnown(body.error) : t(MESSAGE_TEXTS.failed) });
      }
    } catch {
      showNotice({ tone: "error", text: t(MESSAGE_TEXTS.error) });
    } finally {
      setSending(false);
      textareaRef.current?.focus();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sending) void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // A phone's on-screen keyboard has no Shift+Enter: there Enter starts a new line and Send sends (issue 32).
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && !matchMedia("(pointer: coarse)").matches) {
      event.preventDefault();
      if (!sending) void send();
    }
  }

  const isEmpty = draft.trim().length === 0;
  const length = messageLength(sanitizeMessage(draft));
  const tooLong = length > LIMITS.messageMaxLength;

  return (
    <section aria-labelledby="chat-title" className="mx-auto flex h-[calc(100dvh-3.5rem)] w-full max-w-3xl flex-col">
      <div className="flex items-center gap-2 border-b border-gray-200 bg-white px-2 py-2">
        <Link to="/messages" className="icon-btn" aria-label={t("Back to messages")}>
          <span className="i i-prev h-6 w-6" />
        </Link>
        <div className="min-w-0">
          <h1 id="chat-title" className="truncate text-lg font-bold">
            {title}
          </h1>
          <p className="truncate text-xs text-gray-600">
            {viewerRole === "visitor" ? (
              <Link to={`/businesses/${business.id}`} className="py-1.5 hover:underline">
                {t("View business")}
              </Link>
            ) : (
              (() => {
                // 'about <the business, a link>': the sentence in the page's language, the link where its name goes.
                const [before, after] = t("about {{business}}", { business: "\u0000" }).split("\u0000");
                return (
                  <>
                    {before}
                    <Link to={`/businesses/${business.id}`} className="font-medium text-brand-700 hover:underline">
                      {business.name}
                    </Link>
                    {after}
                  </>
                );
              })()
            )}
          </p>
        </div>
        {isParticipant && messages.length > 0 && (conversation.canReply || conversation.blockedByMe) && (() => {
          // One post either way; Blocking is a step away in a menu (issue 32: a red Block beside the name greeted
          // every first conversation), Unblock, once blocked, stays in view.
          const intent = conversation.blockedByMe ? "unblock" : "block";
          const form = (className: string, button: string) => (
            <form method="post" action={formAction} className={className}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="businessId" value={business.id} />
              {viewerRole === "owner" && <input type="hidden" name="visitorId" value={visitor.id} />}
              <button
                type="submit"
                className={`btn btn-sm whitespace-nowrap ${button}`}
                aria-label={intent === "block" ? t("Block {{name}}", { name: title }) : t("Unblock {{name}}", { name: title })}
              >
                {t(BLOCK_TEXTS[intent])}
              </button>
            </form>
          );
          if (conversation.blockedByMe) return form("ml-auto shrink-0", "btn-outline");
          return (
            <details className="relative ml-auto shrink-0">
              <summary className="icon-btn min-h-11 min-w-11 cursor-pointer list-none items-center justify-center" aria-label={t("More for {{name}}", { name: title })}>
                <span aria-hidden="true" className="text-xl leading-none">⋯</span>
              </summary>
              {form("absolute right-0 z-10 mt-1 rounded-lg bg-white p-2 shadow-lg ring-1 ring-gray-200", "btn-danger")}
            </details>
          );
        })()}
      </div>

      {/* Reversed column: the browser opens it scrolled to the newest message, with or without the script. */}
      <div ref={logRef} className="flex flex-1 flex-col-reverse overflow-y-auto bg-gray-50">
        <div role="log" aria-label={t("Messages with {{name}}", { name: title })} aria-live="polite" className="space-y-2 px-3 py-4">
          {conversation.truncated && <p className="text-center text-xs text-gray-500">{t("Showing the latest {{count}} messages", { count: messages.length })}</p>}
          {messages.length === 0 && <p className="py-8 text-center text-sm text-gray-600">{t("No messages yet. Say hello to {{name}}.", { name: business.name })}</p>}
          {messages.map((m) => {
            // Observers (admins) see the business side on the right.
            const isMine = isParticipant ? m.senderId === viewerId : m.senderId !== m.visitorId;
            const senderLabel = m.senderId === m.visitorId ? visitor.name : business.name;
            // Only the recipient sees a safety note, and it never stops anything being sent.
            const concerns = isParticipant && !isMine && !tipsDismissed ? safetyConcerns(m.text) : [];
            return (
              <div key={m.id} className={`flex ${isMine ? "justify-end" : "justify-start"}`} data-message-id={m.id}>
                <div
                  className={`max-w-[70%] rounded-2xl px-3 py-2 shadow-sm ${isMine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-white text-gray-900 ring-1 ring-gray-200"}`}
                >
                  {!isParticipant && <p className="text-xs font-semibold opacity-80">{senderLabel}</p>}
                  <p className="whitespace-pre-wrap break-words" data-testid="message-text">
                    {m.text}
                  </p>
                  <p className={`mt-0.5 text-right text-[11px] ${isMine ? "text-brand-50" : "text-gray-500"}`}>
                    <span className="sr-only">{isMine ? t("You") : senderLabel}, </span>
                    <time dateTime={m.createdAt} title={formatFullTime(m.createdAt)} suppressHydrationWarning>
                      {formatMessageTime(m.createdAt)}
                    </time>
                    {isParticipant && !isMine && (
                      <>
                        {" · "}
                        <a href={localizePath(currentLocale(), `/report?kind=message&id=${m.id}`)} className="underline">
                          {t("Report")}
                          <span className="sr-only">{` ${t("this message")}`}</span>
                        </a>
                      </>
                    )}
                  </p>
                </div>
                {concerns.length > 0 && (
                  <aside className="ml-2 max-w-[45%] self-center rounded-lg border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="safety-note">
                    <p>
                      <strong>{t(SAFETY_TEXTS.title)}:</strong> {t(SAFETY_TEXTS[concerns[0]!])}
                    </p>
                    {hydrated && (
                      <button type="button" onClick={dismissTips} className="mt-0.5 font-semibold underline">
                        {t(SAFETY_TEXTS.dismiss)}
                      </button>
                    )}
                  </aside>
                )}
              </div>
            );
          })}
        </div>
      </div>

      {conversation.blockedByMe ? (
        <div className="border-t border-gray-200 bg-white px-4 py-3 text-sm text-gray-700">
          {notice && (
            <p role={notice.tone === "error" ? "alert" : "status"} className={`mb-2 rounded-lg border px-3 py-2 ${notice.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"}`}>
              {notice.text}
            </p>
          )}
          <p>{t(BLOCK_TEXTS.youBlocked)}</p>
        </div>
      ) : conversation.canReply ? (
        <form method="post" action={formAction} onSubmit={onSubmit} className="border-t border-gray-200 bg-white px-3 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
          <input type="hidden" name="businessId" value={business.id} />
          {viewerRole === "owner" && <input type="hidden" name="visitorId" value={visitor.id} />}
          <input type="hidden" name="idempotencyKey" value={key} />
          {notice && (
            <p
              id={noticeId}
              role={notice.tone === "error" ? "alert" : "status"}
              className={`mb-2 rounded-lg border px-3 py-2 text-sm ${notice.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"}`}
            >
              {notice.text}
            </p>
          )}
          <div className="flex items-end gap-2">
            <label htmlFor={inputId} className="sr-only">
              {t("Message")}
            </label>
            <textarea
              id={inputId}
              ref={textareaRef}
              name="message"
              rows={1}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                // A changed draft is a new message: it gets its own key.
                setKey(newIdempotencyKey());
              }}
              onKeyDown={onKeyDown}
              placeholder={t("Type a message…")}
              aria-describedby={[notice ? noticeId : null, `${inputId}-hint`].filter(Boolean).join(" ")}
              aria-invalid={tooLong || undefined}
              className="field max-h-40 min-h-11 flex-1 resize-none [field-sizing:content]"
            />
            <button
              type="submit"
              // Without the script the server checks the text (and answers 'Please enter a message').
              disabled={hydrated && (isEmpty || sending)}
              title={hydrated && isEmpty ? t(MESSAGE_TEXTS.empty) : undefined}
              aria-describedby={hydrated && isEmpty ? `${inputId}-empty` : undefined}
              className="btn btn-primary h-11 shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {sending ? t("Sending…") : t("Send")}
            </button>
          </div>
          <p id={`${inputId}-hint`} className={`mt-1 text-xs ${tooLong ? "text-red-700" : "text-gray-500"}`}>
            {tooLong ? t(MESSAGE_TEXTS.length) : hydrated ? <span className="pointer-coarse:hidden">{t("Enter to send, Shift+Enter for a new line")}</span> : null}
            {length > LIMITS.messageMaxLength - 100 && ` (${length}/${LIMITS.messageMaxLength})`}
          </p>
          {hydrated && isEmpty && (
            <span id={`${inputId}-empty`} className="sr-only">
              {t(MESSAGE_TEXTS.empty)}
            </span>
          )}
        </form>
      ) : (
        <p className="border-t border-gray-200 bg-white px-4 py-3 text-sm text-gray-600">
          {viewerRole === "owner"
            ? t("This account was deleted: the conversation stays for you to read, but no reply can reach it.")
            : t("You are reading a conversation between {{visitor}} and {{business}}.", { visitor: visitor.name, business: business.name })}
        </p>
      )}
    </section>
  );
}
