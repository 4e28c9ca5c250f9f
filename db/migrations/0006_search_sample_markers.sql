-- Directory search: finer sampling markers in the search vector (replacing 0004's '_b…'/'_s…').
-- With h the low 12 bits of a hash of the listing's id, the listing carries '_L' (L = 1…12) when h is a
-- multiple of 2^L. '_L' marks a fixed, unbiased 1/2^L of all listings, and one marker is all a sample
-- of that size needs, so counting the matches of a very common word in a sample costs one small
-- posting list, not the union of many (0004's markers made a 1/8 sample the union of eight 1/64 lists).
-- Half the listings carry no marker; the average is one. Searches only ever put letters and digits in a
-- query, so no search reaches these marker lexemes.
ALTER TABLE "businesses" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(name, ''), '/', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(category, '') || ' ' || coalesce(immutable_array_to_string(products), ''), '/', ' ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(state, '') || ' ' || coalesce(address, ''), '/', ' ')), 'C') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '/', ' ')), 'D') || array_to_tsvector((ARRAY['_1', '_2', '_3', '_4', '_5', '_6', '_7', '_8', '_9', '_10', '_11', '_12'])[1:(13 - length(rtrim(((hashtext(id::text) & 4095) | 4096)::bit(13)::text, '0')))])) STORED;--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");
--> statement-breakpoint
-- The listing page filtered by both region and category, newest first, read in order.
CREATE INDEX "businesses_public_state_category_created_idx" ON "businesses" USING btree ("state", "category", "created_at" DESC NULLS LAST, "id") WHERE approved and approval_status = 'approved' and not owner_suspended and user_id is not null;
