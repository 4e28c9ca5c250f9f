import { z } from "zod";

/** Spec 02 §2 (Notifications page) and §8 texts, word for word. */
export const NOTIFICATION_TEXTS = {
  title: "Notifications",
  markRead: "Mark Read",
  markedRead: "Message marked as read",
  markReadFailed: "Failed to mark message as read",
  empty: "No notifications yet",
} as const;

/** The Mark Read form: a message notification (a business_messages id) or an admin notification. */
export const MarkReadSchema = z.object({
  kind: z.enum(["message", "broadcast"]),
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
});
export type MarkReadInput = z.infer<typeof MarkReadSchema>;

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
