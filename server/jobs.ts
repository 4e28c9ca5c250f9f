// The queues this process works (ADR 34): each queue's job, from the feature that owns it. The server starts a
// worker for each (server/index.ts); tests run the due ones with runDueJobs(JOB_HANDLERS).
import { MESSAGE_NOTICE_QUEUE, sendMessageNotice, type MessageNoticeJob } from "../app/features/messaging/send-message-notice.server";
import { NOTICE_QUEUE, sendPersonNotices } from "../app/features/notifications/person-notices.server";
import { RECEIPT_QUEUE, sendPaymentReceipt } from "../app/features/payments/send-payment-receipt.server";
import { EMAIL_QUEUE, sendEmail, type OutgoingEmail } from "../app/lib/email.server";
import type { JobHandler } from "../app/lib/jobs.server";
import { SMS_QUEUE, sendSms, type OutgoingSms } from "../app/lib/sms.server";
import { WHATSAPP_QUEUE, sendWhatsApp, type OutgoingWhatsApp } from "../app/lib/whatsapp.server";

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [RECEIPT_QUEUE]: ({ reference }: { reference: string }) => sendPaymentReceipt(reference),
  [MESSAGE_NOTICE_QUEUE]: (job: MessageNoticeJob) => sendMessageNotice(job),
  [NOTICE_QUEUE]: (job: Parameters<typeof sendPersonNotices>[0]) => sendPersonNotices(job),
  [EMAIL_QUEUE]: (email: OutgoingEmail) => sendEmail(email),
  [SMS_QUEUE]: (sms: OutgoingSms) => sendSms(sms),
  [WHATSAPP_QUEUE]: (message: OutgoingWhatsApp) => sendWhatsApp(message),
};
