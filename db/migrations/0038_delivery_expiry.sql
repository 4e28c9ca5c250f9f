-- A text whose process died while sending it (SIGKILL, a crash, a deploy's cut-off) is sent again within a couple of
-- minutes, not 17 (issue 33, ADR 34). pg-boss tries an 'active' job again only once it is older than its expire_in
-- (its maintenance, every maintenanceIntervalSeconds, moves it to 'retry'), and a job takes expire_in from its queue
-- when it is inserted (pg-boss's send and our enqueueSql alike). These queues were made without one, so pg-boss's 15
-- minutes applied: a sign-in code (valid 10 minutes) arrived useless. A live send is one provider call cut off after
-- 10 s (SMS_TIMEOUT_MS, WHATSAPP_TIMEOUT_MS) and a few short statements: 60 s is well past any run still going, so a
-- job is not given to a second worker while the first is still sending it. E-mail keeps 15 minutes: nodemailer's own
-- timeouts (not bounded by us) could outlast a shorter one and send an e-mail twice.
UPDATE pgboss.queue SET expire_seconds = 60, updated_on = now() WHERE name in ('sms', 'whatsapp');
--> statement-breakpoint
-- The texts already waiting, to be tried again or being sent take the new bound too.
UPDATE pgboss.job SET expire_in = interval '60 seconds' WHERE name in ('sms', 'whatsapp') AND state in ('created', 'retry', 'active');
