-- The payment receipt e-mail as a job (issue 33, ADR 34): enqueued in the transaction that settles the payment,
-- retried 8 times over about 40 minutes (backoff doubling from 10 s), then kept as 'failed'.
SELECT pgboss.create_queue('payment-receipt', '{"policy": "standard", "retryLimit": 8, "retryDelay": 10, "retryBackoff": true}');
