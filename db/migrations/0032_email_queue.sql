-- E-mails written when they are caused (account links, decisions, reminders) as jobs (issue 33, ADR 34): enqueued
-- in the transaction of the change that causes them, retried 8 times over about 40 minutes, then kept as 'failed'.
SELECT pgboss.create_queue('email', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
