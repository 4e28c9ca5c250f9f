import { useEffect } from "react";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath, routePath } from "~/lib/i18n/locales";
import { data, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/messages";
import { requireUser } from "~/features/accounts/guards.server";
import { Chat } from "~/features/messaging/components/chat";
import { ConversationList } from "~/features/messaging/components/conversation-list";
import { blockConversation, unblockConversation } from "~/features/messaging/block-conversation.server";
import { listConversations } from "~/features/messaging/list-conversations.server";
import { BLOCK_TEXTS, MESSAGE_TEXTS, newIdempotencyKey } from "~/features/messaging/message.schemas";
import { openConversation } from "~/features/messaging/open-conversation.server";
import { connectRealtime } from "~/lib/realtime-client";
import { sendMessage } from "~/features/messaging/send-message.server";
import { AppError, appErrorCode } from "~/lib/app-error";
import { failureData, statusOf, throwRouteError } from "~/lib/error-responses.server";
import { realtimeCursor as readRealtimeCursor } from "~/lib/realtime.server";

const ROLES = ["visitor", "business", "admin"] as const;

export const meta: Route.MetaFunction = () => [{ title: t("Messages – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ROLES);
  // Read before the data: live events after it complete what the page shows.
  const realtimeCursor = await readRealtimeCursor();
  const url = new URL(request.url);
  const viewerId = user.id;
  const businessId = url.searchParams.get("businessId");
  const done = url.searchParams.get("done");
  const blockNotice = done === "blocked" ? t(BLOCK_TEXTS.blocked) : done === "unblocked" ? t(BLOCK_TEXTS.unblocked) : null;
  if (!businessId) {
    return { view: "list" as const, viewerId, realtimeCursor, blockNotice, conversations: await listConversations(user) };
  }
  const businessName = url.searchParams.get("businessName")?.trim().slice(0, 100) || null;
  try {
    const conversation = await openConversation(user, { businessId, visitorId: url.searchParams.get("visitorId") || undefined });
    if (conversation.kind === "unclaimed") {
      return { view: "unclaimed" as const, viewerId, realtimeCursor, business: conversation.business, canClaim: user.role === "business" };
    }
    if (conversation.kind === "own-business") {
      return {
        view: "business" as const,
        viewerId,
        realtimeCursor,
        business: conversation.business,
        blockNotice,
        conversations: await listConversations(user, { businessId }),
      };
    }
    return {
      view: "chat" as const,
      viewerId,
      realtimeCursor,
      conversation,
      idempotencyKey: newIdempotencyKey(),
      sent: url.searchParams.get("sent") === "1",
      blockNotice,
    };
  } catch (error) {
    // A conversation the viewer may not read is answered as not found, inside the messages screen.
    if (appErrorCode(error) !== "not-found") throwRouteError(error);
    return data({ view: "not-found" as const, viewerId, realtimeCursor, businessName }, { status: statusOf(error) });
  }
}

/** The form without JavaScript (the chat's script sends to /api/messages instead). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ROLES);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "send");
  if (intent !== "send" && intent !== "block" && intent !== "unblock") {
    return failureData(new AppError("invalid", MESSAGE_TEXTS.failed), { keep: { draft: "" } });
  }
  if (intent === "block" || intent === "unblock") {
    const ref = { businessId: String(form.get("businessId") ?? ""), visitorId: String(form.get("visitorId") ?? "") || undefined };
    try {
      await (intent === "block" ? blockConversation(user, ref) : unblockConversation(user, ref));
    } catch (error) {
      return failureData(error, { fallback: MESSAGE_TEXTS.businessNotFound, keep: { draft: "" } });
    }
    const url = new URL(request.url);
    url.searchParams.delete("sent");
    url.searchParams.set("done", intent === "block" ? "blocked" : "unblocked");
    throw redirect(`${routePath(url)}${url.search}`, 303);
  }
  const draft = String(form.get("message") ?? "");
  try {
    await sendMessage(user, {
      businessId: String(form.get("businessId") ?? ""),
      visitorId: String(form.get("visitorId") ?? "") || undefined,
      message: draft,
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
  } catch (error) {
    return failureData(error, { fallback: MESSAGE_TEXTS.failed, keep: { draft } });
  }
  const url = new URL(request.url);
  url.searchParams.set("sent", "1");
  // After a post, a reload must not post again.
  throw redirect(`${routePath(url)}${url.search}`, 303);
}

function ListNotice({ text, tone }: { text: string | null; tone: "success" | "error" }) {
  if (!text) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-3 py-2 text-sm ${tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"}`}
    >
      {text}
    </p>
  );
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { viewerId, realtimeCursor } = loaderData;
  useEffect(() => {
    // The header's bell opens the stream too; whichever comes first wins.
    connectRealtime(viewerId, realtimeCursor);
  }, [viewerId, realtimeCursor]);

  if (loaderData.view === "chat") {
    const failed = actionData && "failure" in actionData ? actionData : null;
    return (
      <Chat
        key={`${loaderData.conversation.business.id}:${loaderData.conversation.visitor.id}`}
        conversation={loaderData.conversation}
        viewerId={viewerId}
        // A plain form (it works without the script): its address in the page's language.
        formAction={localizePath(currentLocale(), `${location.pathname}${location.search}`)}
        idempotencyKey={loaderData.idempotencyKey}
        initialNotice={
          failed
            ? { tone: "error", text: failed.failure.text }
            : loaderData.sent
              ? { tone: "success", text: t(MESSAGE_TEXTS.sent) }
              : loaderData.blockNotice
                ? { tone: "success", text: loaderData.blockNotice }
                : null
        }
        initialDraft={failed?.draft ?? ""}
      />
    );
  }

  const listFailure = actionData && "failure" in actionData ? actionData.failure.text : null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      {loaderData.view === "not-found" ? (
        <>
          <h1 className="title">{loaderData.businessName ?? t("Messages")}</h1>
          <p role="alert" className="card p-6 text-center text-gray-700">
            {t(MESSAGE_TEXTS.businessNotFound)}
          </p>
          <Link to="/messages" className="link">
            {t("Back to messages")}
          </Link>
        </>
      ) : loaderData.view === "unclaimed" ? (
        <>
          <h1 className="title">{MESSAGE_TEXTS.unclaimedTitle(loaderData.business.name)}</h1>
          <p className="card p-6 text-gray-700">{t(MESSAGE_TEXTS.unclaimed)}</p>
          <p className="flex flex-wrap gap-4">
            <Link to={`/businesses/${loaderData.business.id}`} className="link">
              {t(MESSAGE_TEXTS.unclaimedBack)}
            </Link>
            {loaderData.canClaim ? (
              <Link to={`/business/claim/${loaderData.business.id}`} className="link">
                {t(MESSAGE_TEXTS.unclaimedClaim)}
              </Link>
            ) : null}
          </p>
        </>
      ) : loaderData.view === "business" ? (
        <>
          <div>
            <h1 className="title">{t("Messages for {{name}}", { name: loaderData.business.name })}</h1>
            <p className="text-sm text-gray-600">{t("Conversations visitors started with this business.")}</p>
          </div>
          <ListNotice text={listFailure ?? loaderData.blockNotice} tone={listFailure ? "error" : "success"} />
          <ConversationList conversations={loaderData.conversations} viewerId={viewerId} businessId={loaderData.business.id} />
          <Link to="/messages" className="link">
            {t("All conversations")}
          </Link>
        </>
      ) : (
        <>
          <h1 className="title">{t("Messages")}</h1>
          <ListNotice text={listFailure ?? loaderData.blockNotice} tone={listFailure ? "error" : "success"} />
          <ConversationList conversations={loaderData.conversations} viewerId={viewerId} />
        </>
      )}
    </div>
  );
}
