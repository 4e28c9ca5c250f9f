-- 'Open now' at night with search text (ADR 21): the hours a listing is open between 20:00 and 07:00 WAT become
-- markers in its search vector ('_o' and the hour of the week, 0 = Monday 00:00), so a text and 'open now' at
-- night are found together in the text index (like 0006's sampling markers), not by testing every match of a
-- common word when almost none is open. In the daytime most listings are open and nothing is needed.
--
-- 1. The markers of a listing's open minutes (businesses.open_minutes, minutes of the week in WAT): one for each
--    night hour it is open at some minute of. The hours are those with hour-of-day 20–23 or 0–6; the list is
--    written out (app/features/directory/internal/open-now.server.ts, NIGHT_HOURS, says the same).
CREATE FUNCTION open_night_markers(minutes int4multirange) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select array_to_tsvector(array(select '_o' || h from unnest('{0,1,2,3,4,5,6,20,21,22,23,24,25,26,27,28,29,30,44,45,46,47,48,49,50,51,52,53,54,68,69,70,71,72,73,74,75,76,77,78,92,93,94,95,96,97,98,99,100,101,102,116,117,118,119,120,121,122,123,124,125,126,140,141,142,143,144,145,146,147,148,149,150,164,165,166,167}'::int[]) as h where minutes && int4range(h * 60, h * 60 + 60) order by h)) $$;--> statement-breakpoint
-- 2. The search vector is rebuilt with them; the words, weights and 0006's sampling markers are unchanged.
ALTER TABLE "businesses" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, translate(coalesce(name, ''), '/', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(category, '') || ' ' || coalesce(immutable_array_to_string(products), ''), '/', ' ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(state, '') || ' ' || coalesce(lga, '') || ' ' || coalesce(address, '') || ' ' || coalesce(landmark, ''), '/', ' ')), 'C') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '/', ' ')), 'D') || array_to_tsvector((ARRAY['_1', '_2', '_3', '_4', '_5', '_6', '_7', '_8', '_9', '_10', '_11', '_12'])[1:(13 - length(rtrim(((hashtext(id::text) & 4095) | 4096)::bit(13)::text, '0')))]) || open_night_markers(open_minutes)) STORED;--> statement-breakpoint
CREATE INDEX "businesses_search_vector_idx" ON "businesses" USING gin ("search_vector");
