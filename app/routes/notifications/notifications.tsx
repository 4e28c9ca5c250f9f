import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/notifications";
import { requireUser } from "~/features/accounts/guards.server";
import { formatFullTime, formatMessageTime } from "~/lib/format";
import { msg, t } from "~/lib/i18n/i18n";
import { chatHref, type MessageCreatedPayload } from "~/features/messaging/message.schemas";
import { connectRealtime, subscribeRealtime } from "~/lib/realtime-client";
import { listNotifications } from "~/features/notifications/list-notifications.server";
import { markNotificationRead } from "~/features/notifications/mark-notification-read.server";
import { newestFirst, NOTIFICATION_TEXTS, type NotificationItem } from "~/features/notifications/notification.schemas";
import { listMessageNotifications } from "~/features/messaging/list-message-notifications.server";
import { markMessageRead } from "~/features/messaging/mark-message-read.server";
import { failureData } from "~/lib/error-responses.server";
import { realtimeCursor as readRealtimeCursor } from "~/lib/realtime.server";

const ROLES = ["visitor", "business", "admin"] as const;

export const meta: Route.MetaFunction = () => [{ title: t("Notifications – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ROLES);
  const realtimeCursor = await readRealtimeCursor();
  const [messages, sentByAdmins] = await Promise.all([listMessageNotifications(user), listNotifications(user)]);
  return {
    items: newestFirst([...messages.items, ...sentByAdmins]),
    unreadMessages: messages.unreadMessages,
    viewerId: user.id,
    isBusiness: user.role === "business",
    realtimeCursor,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ROLES);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  try {
    const markRead = form.get("kind") === "message" ? markMessageRead : markNotificationRead;
    const result = await markRead(user, id);
    return { ok: true as const, id, text: t(NOTIFICATION_TEXTS.markedRead), unreadCount: result.unreadCount };
  } catch (error) {
    return failureData(error, { fallback: NOTIFICATION_TEXTS.markReadFailed, keep: { id } });
  }
}

/** The priority as the badge shows it (capitalised by its style). */
const PRIORITY_LABELS = { high: msg("high"), medium: msg("medium"), low: msg("low") } as const;

const PRIORITY_STYLE = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-800",
  low: "bg-gray-100 text-gray-700",
} as const;

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { viewerId, isBusiness, realtimeCursor } = loaderData;
  const [items, setItems] = useState(loaderData.items);
  const [source, setSource] = useState(loaderData.items);
  if (source !== loaderData.items) {
    setSource(loaderData.items);
    setItems(loaderData.items);
  }
  const { unreadMessages } = loaderData;

  useEffect(() => {
    connectRealtime(viewerId, realtimeCursor);
    return subscribeRealtime((event) => {
      if (event.type !== "message.created") return;
      const payload = event.payload as unknown as MessageCreatedPayload;
      const { message } = payload;
      // Only the recipient's copy carries unreadCount; the sender's own messages are not news.
      if (payload.unreadCount === undefined || message.senderId === viewerId) return;
      // A message to one of the owner's businesses (not a reply in the owner's own conversations).
      if (!isBusiness || message.visitorId === viewerId || !message.businessId) return;
      const item: NotificationItem = {
        kind: "message",
        id: message.id,
        businessId: message.businessId,
        businessName: message.businessName,
        visitorId: message.visitorId,
        senderName: payload.visitorName,
        text: message.text,
        isRead: false,
        createdAt: message.createdAt,
        href: chatHref({ businessId: message.businessId, businessName: message.businessName, visitorId: message.visitorId, viewerId }),
      };
      setItems((current) => (current.some((i) => i.kind === "message" && i.id === item.id) ? current : [item, ...current]));
    });
  }, [viewerId, isBusiness, realtimeCursor]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <h1 className="title">{t(NOTIFICATION_TEXTS.title)}</h1>
      {unreadMessages > 0 && (
        <div className="card flex items-center justify-between gap-3 p-4">
          <p className="text-sm">
            {/* The number stands out: the sentence is split around it, each part whole in every language. */}
            {t("You have {{count}} unread messages.", { count: unreadMessages })
              .split(String(unreadMessages))
              .flatMap((part, i) => (i === 0 ? [part] : [<strong key={i}>{unreadMessages}</strong>, part]))}
          </p>
          <Link to="/messages" className="btn btn-primary shrink-0">
            {t("Open Messages")}
          </Link>
        </div>
      )}
      {items.length === 0 ? (
        <p className="card p-6 text-center text-gray-600">{t(NOTIFICATION_TEXTS.empty)}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("Notifications")}>
          {items.map((item) => (
            <NotificationCard key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationCard({ item }: { item: NotificationItem }) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data && fetcher.data.id === item.id ? fetcher.data : null;
  const isRead = item.isRead || Boolean(result?.ok);
  const busy = fetcher.state !== "idle";
  return (
    <li className={`card p-4 ${isRead ? "" : "border-l-4 border-brand-600"}`} data-notification={item.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {item.kind === "message" ? (
            <>
              <p className="font-semibold">
                {t("New message from {{name}}", { name: item.senderName })}
                <span className="font-normal text-gray-600">{` ${t("to {{business}}", { business: item.businessName })}`}</span>
              </p>
              <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words text-sm text-gray-800">{item.text}</p>
            </>
          ) : (
            <>
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {item.title}
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${PRIORITY_STYLE[item.priority]}`}>{t(PRIORITY_LABELS[item.priority])}</span>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-800">{item.body}</p>
            </>
          )}
          <p className="mt-1 text-xs text-gray-500">
            <time dateTime={item.createdAt} title={formatFullTime(item.createdAt)} suppressHydrationWarning>
              {formatMessageTime(item.createdAt)}
            </time>
            {item.kind === "message" && item.href && (
              <>
                {" · "}
                <Link to={item.href} className="font-medium text-brand-700 hover:underline">
                  {t("Open conversation")}
                </Link>
              </>
            )}
          </p>
        </div>
        {isRead ? (
          <span className="shrink-0 text-xs font-medium text-gray-500">{t("Read")}</span>
        ) : (
          <fetcher.Form method="post" className="shrink-0">
            <input type="hidden" name="kind" value={item.kind} />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" disabled={busy} className="btn btn-outline px-3 py-1.5">
              {busy ? t("Marking…") : t(NOTIFICATION_TEXTS.markRead)}
            </button>
          </fetcher.Form>
        )}
      </div>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={`mt-2 text-sm ${result.ok ? "text-green-700" : "text-red-700"}`}>
          {result.ok ? result.text : result.failure.text}
        </p>
      )}
    </li>
  );
}
