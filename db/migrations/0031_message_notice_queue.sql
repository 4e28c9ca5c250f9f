-- The owner's new-message notice as a job (issue 33, ADR 34): enqueued by the statement that stores the message
-- (at most one per conversation per 15 minutes), retried 8 times over about 40 minutes, then kept as 'failed'.
SELECT pgboss.create_queue('message-notice', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
