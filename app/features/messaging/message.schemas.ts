import { msg, t } from "~/lib/i18n/i18n";
import { z } from "~/lib/zod";
import { IdSchema } from "../../lib/id-schema";
import { LIMITS, SENDER_TYPES } from "../../lib/reference";

/**
 * Spec 01 §5 and §8 texts for messaging, word for word. Marked with msg() (issue 36): shown with t(), and a refusal's
 * text translated where it is answered (app/lib/error-responses.server.ts).
 */
export const MESSAGE_TEXTS = {
  empty: msg("Please enter a message"),
  length: msg("Message must be between 1 and 1000 characters"),
  sent: msg("Message sent successfully!"),
  failed: msg("Failed to send message. Please try again."),
  error: msg("An error occurred while sending the message"),
  loginRequired: msg("You must be logged in to send messages"),
  rateLimited: msg("Too many messages sent. Please wait a moment before sending another."),
  unknownBusiness: msg("Unknown Business"),
  businessNotFound: msg("Business not found or not approved yet."),
  /** An unclaimed listing (issue 34): messages wait for an owner; calls and directions work from its page. */
  unclaimedTitle: (name: string) => t("{{name}} cannot get messages yet", { name }),
  unclaimed: msg("Nobody has claimed this listing yet, so a message would not reach the business. Call them or get directions from their page instead."),
  unclaimedBack: msg("Back to the business"),
  unclaimedClaim: msg("Is this your business? Claim it"),
} as const;

/** Issue 16, blocking (ADR 0020): what each side reads. The blocked side learns no more than that it can't write. */
export const BLOCK_TEXTS = {
  visitorBlocked: msg("You can't message this business."),
  businessBlocked: msg("You can't message this person."),
  youBlocked: msg("You blocked this conversation. Unblock it to send messages."),
  blocked: msg("Blocked. They can't message you here until you unblock."),
  unblocked: msg("Unblocked. You can message each other again."),
  block: msg("Block"),
  unblock: msg("Unblock"),
} as const;

export type SenderType = (typeof SENDER_TYPES)[number];

// Script blocks go first with their content; then every tag, comment, doctype or processing instruction.
const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const TAG = /<\/?[a-z!?][^<>]*>/gi;
// Control characters other than tab and newline (PostgreSQL refuses NUL in text).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The text as stored: script blocks and every HTML tag removed, then trimmed (spec 01 §5). Repeats until
 * nothing changes, so tags hidden inside tags cannot reassemble. Client-safe: the composer checks the same.
 */
export function sanitizeMessage(raw: string): string {
  let text = raw.replace(/\r\n?/g, "\n").replace(CONTROL, "");
  for (let i = 0; i < 10; i++) {
    const next = text.replace(SCRIPT_BLOCK, "").replace(TAG, "");
    if (next === text) break;
    text = next;
  }
  return text.trim();
}

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
export function messageLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The spec's message for a draft, or null when it can be sent. */
export function messageProblem(raw: string): string | null {
  if (raw.trim().length === 0) return MESSAGE_TEXTS.empty;
  const length = messageLength(sanitizeMessage(raw));
  if (length < LIMITS.messageMinLength || length > LIMITS.messageMaxLength) return MESSAGE_TEXTS.length;
  return null;
}


/** What the browser sends with each message. The key makes a retried send store one message. */
export const SendMessageSchema = z.object({
  businessId: IdSchema,
  /** The conversation's visitor: set when the business owner replies; absent (or the sender) otherwise. */
  visitorId: z.string().min(1).max(100).optional(),
  message: z.string().max(20_000),
  idempotencyKey: IdSchema,
});
export type SendMessageInput = z.infer<typeof SendMessageSchema>;

/** Which conversation: a business and its visitor (absent: the signed-in user's own). */
export const ConversationRefSchema = z.object({
  businessId: IdSchema,
  visitorId: z.string().min(1).max(100).optional(),
});
export type ConversationRef = z.infer<typeof ConversationRefSchema>;

/** One message as screens and live events carry it. */
export type MessageView = {
  id: string;
  businessId: string | null;
  businessName: string;
  visitorId: string;
  senderId: string;
  senderType: SenderType;
  text: string;
  readStatus: boolean;
  /** ISO 8601. */
  createdAt: string;
};

/** An open conversation as the chat shows it. */
export type ChatConversation = {
  business: { id: string; name: string };
  visitor: { id: string; name: string };
  /** visitor: the viewer's own conversation; owner: a visitor's conversation with the viewer's business; admin: someone else's. */
  viewerRole: "visitor" | "owner" | "admin";
  /** Oldest first. */
  messages: MessageView[];
  /** True when older messages exist than those shown. */
  truncated: boolean;
  canReply: boolean;
  /** True when the viewer's side blocked the other (the chat offers Unblock instead of the composer). */
  blockedByMe: boolean;
};

/** What opening a conversation gives: the chat, or (the owner opening their own business) its conversation list. */
export type ConversationView =
  | ({ kind: "chat" } & ChatConversation)
  | { kind: "own-business"; business: { id: string; name: string } }
  /** A public listing nobody owns yet (imported, issue 34): nobody would read a message, so none is offered. */
  | { kind: "unclaimed"; business: { id: string; name: string } };

/** One row of the conversation list (spec 01 §3 Conversation). */
export type ConversationSummary = {
  /** business id + visitor id. */
  key: string;
  businessId: string | null;
  businessName: string;
  visitorId: string;
  /** Who the viewer talks to: the business, or (for its owner and admins) the visitor too. */
  visitorName: string;
  /** True when the viewer is the conversation's visitor (the list then names the business only). */
  isOwnConversation: boolean;
  lastMessage: string;
  lastMessageTime: string;
  lastSenderId: string;
  unreadCount: number;
  /** True when the viewer's side blocked the other in this conversation (the list offers Unblock). */
  blockedByMe: boolean;
  /** Where the chat opens; null when the business no longer exists. */
  href: string | null;
};

/** Payload of a 'message.created' event. unreadCount is the recipient's bell count after it. */
export type MessageCreatedPayload = {
  message: MessageView;
  visitorName: string;
  unreadCount?: number;
  conversationUnread?: number;
};


export function conversationKey(businessId: string | null, visitorId: string): string {
  return `${businessId ?? "none"}:${visitorId}`;
}

/** The chat's address for a viewer: the visitor's own, or (owner, admin) one visitor's conversation. */
export function chatHref(input: { businessId: string; businessName: string; visitorId: string; viewerId: string }): string {
  const params = new URLSearchParams({ businessId: input.businessId });
  if (input.visitorId !== input.viewerId) params.set("visitorId", input.visitorId);
  params.set("businessName", input.businessName);
  return `/messages?${params}`;
}

/** A random UUID v4, also where crypto.randomUUID is missing (plain-http LAN addresses). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
