import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatFullTime, formatMessageTime } from "../../../lib/format";
import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import {
  BLOCK_TEXTS, chatHref, conversationKey, type ConversationSummary, type MessageCreatedPayload,
} from "../message.schemas";
import type { UnreadChangedPayload } from "../../notifications/notification.schemas";
import { subscribeRealtime } from "../../../lib/realtime-client";

type Props = {
  conversations: ConversationSummary[];
  viewerId: string;
  /** Only this business's conversations (an owner looking at one listing). */
  businessId?: string;
};

function initial(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}

/** The conversation list, newest activity first, kept current by live events. */
export function ConversationList({ conversations, viewerId, businessId }: Props) {
  const [items, setItems] = useState(conversations);
  const [source, setSource] = useState(conversations);
  // Fresh loader data (navigation, revalidation) replaces what the live events built.
  if (source !== conversations) {
    setSource(conversations);
    setItems(conversations);
  }

  useEffect(
    () =>
      subscribeRealtime((event) => {
        if (event.type === "message.created") {
          const { message, visitorName, conversationUnread } = event.payload as unknown as MessageCreatedPayload;
          if (businessId && message.businessId !== businessId) return;
          const key = conversationKey(message.businessId, message.visitorId);
          setItems((current) => {
            const existing = current.find((c) => c.key === key);
            const unreadCount = conversationUnread ?? (message.senderId === viewerId ? 0 : (existing?.unreadCount ?? 0));
            if (existing && existing.lastMessageTime > message.createdAt) {
              return current.map((c) => (c.key === key ? { ...c, unreadCount } : c));
            }
            const updated: ConversationSummary = {
              key,
              businessId: message.businessId,
              businessName: message.businessName,
              visitorId: message.visitorId,
              visitorName,
              isOwnConversation: message.visitorId === viewerId,
              lastMessage: message.text,
              lastMessageTime: message.createdAt,
              lastSenderId: message.senderId,
              unreadCount,
              blockedByMe: existing?.blockedByMe ?? false,
              href: message.businessId
                ? chatHref({ businessId: message.businessId, businessName: message.businessName, visitorId: message.visitorId, viewerId })
                : null,
            };
            return [updated, ...current.filter((c) => c.key !== key)];
          });
        } else if (event.type === "unread.changed") {
          const payload = event.payload as unknown as UnreadChangedPayload;
          if (!payload.businessId || payload.conversationUnread === undefined) return;
          const key = conversationKey(payload.businessId, payload.visitorId ?? viewerId);
          setItems((current) => current.map((c) => (c.key === key ? { ...c, unreadCount: payload.conversationUnread! } : c)));
        }
      }),
    [viewerId, businessId],
  );

  if (items.length === 0) {
    return (
      <div className="card p-6 text-center">
        <p className="font-semibold">{t("No conversations yet")}</p>
        <p className="mt-1 text-sm text-gray-600">{t("Find a business and tap Contact Business to send your first message.")}</p>
        <Link to="/businesses" className="btn btn-primary mt-4">
          {t("Find businesses")}
        </Link>
      </div>
    );
  }

  return (
    <ul className="card divide-y divide-gray-100 overflow-hidden" aria-label={t("Conversations")}>
      {items.map((c) => {
        const title = c.isOwnConversation ? c.businessName : c.visitorName;
        const content = (
          <>
            <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
              {initial(title)}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className={`truncate ${c.unreadCount > 0 ? "font-bold" : "font-semibold"}`}>{title}</span>
                <time dateTime={c.lastMessageTime} title={formatFullTime(c.lastMessageTime)} suppressHydrationWarning className="shrink-0 text-xs text-gray-500">
                  {formatMessageTime(c.lastMessageTime)}
                </time>
              </span>
              {!c.isOwnConversation && <span className="block truncate text-xs text-brand-700">{c.businessName}</span>}
              <span className="flex items-center justify-between gap-2">
                <span className={`truncate text-sm ${c.unreadCount > 0 ? "text-gray-900" : "text-gray-600"}`} data-testid="last-message">
                  {c.lastSenderId === viewerId ? `${t("You")}: ` : ""}
                  {c.lastMessage}
                </span>
                {c.unreadCount > 0 && (
                  <span className="badge shrink-0" aria-label={t("{{count}} unread", { count: c.unreadCount })}>
                    {c.unreadCount}
                  </span>
                )}
              </span>
            </span>
          </>
        );
        return (
          <li key={c.key} data-conversation={c.key} className={c.blockedByMe ? "flex items-center" : undefined}>
            {c.href ? (
              <Link to={c.href} className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:bg-gray-50">
                {content}
              </Link>
            ) : (
              <div className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 opacity-80">{content}</div>
            )}
            {c.blockedByMe && c.businessId && (
              // Blocked by the viewer: unblocking is one post away, with or without the script.
              <form
                method="post"
                action={localizePath(currentLocale(), businessId ? `/messages?businessId=${encodeURIComponent(businessId)}` : "/messages")}
                className="shrink-0 pr-3"
              >
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="businessId" value={c.businessId} />
                {!c.isOwnConversation && <input type="hidden" name="visitorId" value={c.visitorId} />}
                <button type="submit" className="btn btn-outline btn-sm" aria-label={t("Unblock {{name}}", { name: title })}>
                  {t(BLOCK_TEXTS.unblock)}
                </button>
              </form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
