-- Notices to a person about their account (issue 33: a new review, a listing approved or rejected), as jobs enqueued in
-- the transaction of the change (ADR 34), each waiting a couple of minutes so that several arriving at once leave as
-- one text and one e-mail; retried 8 times over about 40 minutes, then kept as 'failed'.
SELECT pgboss.create_queue('notice', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
