-- Search by prefix and with typos (issue #29): "java" finds "JavaScript", "pyhton" finds "Python".
-- pg_trgm's GIN indexes serve substring matches (ILIKE '%q%') and trigram word similarity (%>) on what
-- is searched; fuzzystrmatch's levenshtein confirms a typo. Both extensions are trusted (no superuser
-- needed) and ship with PGlite (db/extensions.ts loads them there).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- Whether `doc` holds `q` with a typo: close as a whole (word similarity at least 0.5), or one of its
-- words is one edit away from q, or two letters of it swapped (same letters, same length, two edits).
-- The trigram index only pre-selects candidates (pg_trgm.word_similarity_threshold, set per connection
-- in db/client.ts); this decides. db/search.ts is the only caller.
CREATE FUNCTION search_typo_match(q text, doc text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word_similarity(q, doc) >= 0.5 OR EXISTS (
    SELECT 1 FROM regexp_split_to_table(lower(doc), '[^[:alnum:]]+') AS w
    WHERE abs(length(w) - length(q)) <= 1
      AND (levenshtein_less_equal(w, lower(q), 1) <= 1
        OR (length(w) = length(q)
          AND levenshtein_less_equal(w, lower(q), 2) = 2
          AND array(SELECT unnest(string_to_array(w, NULL)) ORDER BY 1)
            = array(SELECT unnest(string_to_array(lower(q), NULL)) ORDER BY 1)))
  )
$$;--> statement-breakpoint
CREATE INDEX "classes_title_trgm_idx" ON "classes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "classes_description_trgm_idx" ON "classes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_posts_title_trgm_idx" ON "community_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_posts_content_trgm_idx" ON "community_posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussions_title_trgm_idx" ON "discussions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussions_content_trgm_idx" ON "discussions" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
