-- Plan benefits made real, refunds of rejected paid featured requests, renewal reminders (ADR 16).
--
-- 1. Premium's 'Featured status' and 'Search priority'. businesses.premium_until is the end of the owner's
-- Premium plan, copied onto each of their listings so that the public queries read one row and one index
-- (no join to subscriptions per listing). It is kept right by triggers, in the same transaction as whatever
-- changes a subscription or a listing's owner: a granted or renewed Premium plan sets it on every listing of
-- the owner, a new listing copies it. It only holds a future end: the rule in featured-now.server.ts compares it
-- with now(), so the benefits stop at the end by themselves; a scheduled job then clears the passed ends so
-- that the partial indexes below hold only listings of running Premium plans.
ALTER TABLE "businesses" ADD COLUMN "premium_until" timestamp with time zone;
--> statement-breakpoint
-- The clock, not the transaction's start (now()): a payment's transaction grants a plan that starts at the
-- moment of the grant, after the transaction began.
CREATE FUNCTION "premium_until_of"(owner text) RETURNS timestamp with time zone LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN max(ends_at) > clock_timestamp() THEN max(ends_at) END
  FROM subscriptions WHERE user_id = owner AND plan_id = 'premium' AND status = 'active' AND starts_at <= clock_timestamp()
$$;
--> statement-breakpoint
CREATE FUNCTION "sync_premium_of"(owner text) RETURNS void LANGUAGE sql AS $$
  UPDATE businesses SET premium_until = premium_until_of(owner)
  WHERE user_id = owner AND premium_until IS DISTINCT FROM premium_until_of(owner)
$$;
--> statement-breakpoint
CREATE FUNCTION "subscriptions_sync_premium"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sync_premium_of(NEW.user_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sync_premium_of(OLD.user_id);
  ELSE
    PERFORM sync_premium_of(NEW.user_id);
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN PERFORM sync_premium_of(OLD.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_sync_premium_trigger" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "plan_id", "status", "starts_at", "ends_at"
  ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "subscriptions_sync_premium"();
--> statement-breakpoint
CREATE FUNCTION "businesses_copy_premium"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.premium_until := CASE WHEN NEW.user_id IS NULL THEN NULL ELSE premium_until_of(NEW.user_id) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_copy_premium_trigger" BEFORE INSERT OR UPDATE OF "user_id" ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION "businesses_copy_premium"();
--> statement-breakpoint
UPDATE "businesses" SET "premium_until" = premium_until_of("user_id") WHERE "user_id" IN (
  SELECT "user_id" FROM "subscriptions" WHERE "plan_id" = 'premium' AND "status" = 'active' AND "ends_at" > now());
--> statement-breakpoint
-- Public listings of running Premium plans, newest first: the first stream of the listing page and of a large
-- search result (search priority), and the home page's featured section. The job that clears passed ends reads
-- it too. There is deliberately no index on premium_until alone: the planner would take it for the stream and
-- sort every Premium listing (measured on 100,000 listings with 1,970 Premium ones: 13.6 ms with it, 2.0 ms
-- without).
CREATE INDEX "businesses_public_premium_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST, "id")
  WHERE premium_until is not null and approved and approval_status = 'approved' and not owner_suspended and user_id is not null;
--> statement-breakpoint
-- Reminders read the paid subscriptions that end soon.
CREATE INDEX "subscriptions_active_ends_idx" ON "subscriptions" USING btree ("ends_at") WHERE status = 'active' and plan_id <> 'free';
--> statement-breakpoint
-- 2. Refunds. A paid featured request an admin rejects owes its payment back: refund_status 'due' is set in the
-- rejection's transaction; the provider's refund is asked for afterwards, outside any transaction, by whoever
-- moves it from 'due' to 'requesting' (one conditional UPDATE: never two refunds), and ends 'refunded' (or
-- 'pending' at the provider). Without a refund method it stays 'due' until an admin marks it refunded.
ALTER TABLE "payments" ADD COLUMN "refund_status" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_status_check" CHECK ("payments"."refund_status" is null or ("payments"."refund_status" in ('due', 'requesting', 'pending', 'refunded') and "payments"."status" = 'succeeded'));
--> statement-breakpoint
CREATE INDEX "payments_refund_open_idx" ON "payments" USING btree ("refund_requested_at") WHERE refund_status in ('due', 'requesting', 'pending');
--> statement-breakpoint
-- 3. A notification addressed to one account by the system (a rejected request and its refund): no broadcast
-- or message behind it.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('message', 'broadcast', 'account'));
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_source_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_source_check" CHECK (("notifications"."kind" = 'broadcast' and "notifications"."broadcast_id" is not null) or ("notifications"."kind" = 'message' and "notifications"."message_id" is not null) or ("notifications"."kind" = 'account' and "notifications"."broadcast_id" is null and "notifications"."message_id" is null));
--> statement-breakpoint
-- 4. Renewal reminders: one row per (thing, its end, reminder), claimed before the e-mail is sent. The primary
-- key lets exactly one process (and one retry) send each: 'subscription' things are the account (a plan's end),
-- 'featured' things the listing (its placement's end); a renewal moves the end, so the new end is reminded anew.
CREATE TABLE "renewal_reminders" (
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_reminders_pk" PRIMARY KEY("kind","subject_id","ends_at","days_before"),
	CONSTRAINT "renewal_reminders_kind_check" CHECK ("renewal_reminders"."kind" in ('subscription', 'featured')),
	CONSTRAINT "renewal_reminders_days_check" CHECK ("renewal_reminders"."days_before" in (7, 1))
);
--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "renewal_reminders_user_idx" ON "renewal_reminders" USING btree ("user_id");
