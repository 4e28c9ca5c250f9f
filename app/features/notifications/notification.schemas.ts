import { msg } from "../../lib/i18n/i18n";

/** Spec 02 §2 (Notifications page) and §8 texts, word for word; shown with t() (issue 36). */
export const NOTIFICATION_TEXTS = {
  title: msg("Notifications"),
  markRead: msg("Mark Read"),
  markedRead: msg("Message marked as read"),
  markReadFailed: msg("Failed to mark message as read"),
  empty: msg("No notifications yet"),
} as const;

/** A message to one of the owner's businesses (spec 01 §7 Notifications). */
export type MessageNotification = {
  kind: "message";
  id: string;
  businessId: string | null;
  businessName: string;
  visitorId: string;
  senderName: string;
  text: string;
  isRead: boolean;
  createdAt: string;
  href: string | null;
};

/** A notification an admin sent (Notifications tab). */
export type BroadcastNotification = {
  kind: "broadcast";
  id: string;
  title: string;
  body: string;
  priority: "low" | "medium" | "high";
  isRead: boolean;
  createdAt: string;
};

export type NotificationItem = MessageNotification | BroadcastNotification;

/** Newest first, messages and admin notifications together (the /notifications page). */
export function newestFirst(items: readonly NotificationItem[]): NotificationItem[] {
  return [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * Payload of an 'unread.changed' event: the viewer's bell count after a change (and, when a conversation
 * was read, its own count).
 */
export type UnreadChangedPayload = {
  unreadCount: number;
  businessId?: string;
  visitorId?: string;
  conversationUnread?: number;
};
