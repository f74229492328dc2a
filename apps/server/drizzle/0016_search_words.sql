-- Typos found by word, not by row (issue #29): "pyhton" used to be compared with every title sharing a
-- quarter of its trigrams, about 10,000 rows on the large profile (bench/results/2026-11-26-search-large.md).
-- As the pg_trgm documentation suggests for spelling suggestions, the distinct words of titles and
-- names are kept in a table of their own; a typed word is compared with those words, and the rows
-- holding the close ones are then found like a prefix (db/search.ts).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of a title or a name: lower case, split at anything but letters and digits, 4 characters or
-- more (TYPO_MIN_LENGTH - 1: a typo of a 5-letter word may drop one). Sorted, so that two writers adding
-- the same new words take their locks in the same order.
CREATE FUNCTION search_words_add(doc text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(doc), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 4 ORDER BY w
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_of_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.title);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_of_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.name);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER classes_search_words AFTER INSERT OR UPDATE OF title ON classes
  FOR EACH ROW EXECUTE FUNCTION search_words_of_title();
--> statement-breakpoint
CREATE TRIGGER discussions_search_words AFTER INSERT OR UPDATE OF title ON discussions
  FOR EACH ROW EXECUTE FUNCTION search_words_of_title();
--> statement-breakpoint
CREATE TRIGGER community_posts_search_words AFTER INSERT OR UPDATE OF title ON community_posts
  FOR EACH ROW EXECUTE FUNCTION search_words_of_title();
--> statement-breakpoint
CREATE TRIGGER users_search_words AFTER INSERT OR UPDATE OF name ON users
  FOR EACH ROW EXECUTE FUNCTION search_words_of_name();
--> statement-breakpoint
-- The words of every title and name there is: run once here for what is already written, and by bulk
-- loads that write with triggers off (bench/seed).
CREATE FUNCTION search_words_fill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT title AS doc FROM classes
    UNION ALL SELECT title FROM discussions
    UNION ALL SELECT title FROM community_posts
    UNION ALL SELECT name FROM users
  ) AS docs, regexp_split_to_table(lower(docs.doc), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 4
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
SELECT search_words_fill();
--> statement-breakpoint
-- Whether `word` is `q` typed with a typo: one edit away, two letters swapped (same letters, same
-- length, two edits), or close as pg_trgm weighs it (word similarity at least 0.5). Replaces
-- search_typo_match, which asked the same of every word of a whole title.
CREATE FUNCTION search_is_typo(q text, word text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word_similarity(q, word) >= 0.5 OR (
    abs(length(word) - length(q)) <= 1
    AND (levenshtein_less_equal(word, q, 1) <= 1
      OR (length(word) = length(q)
        AND levenshtein_less_equal(word, q, 2) = 2
        AND array(SELECT unnest(string_to_array(word, NULL)) ORDER BY 1)
          = array(SELECT unnest(string_to_array(q, NULL)) ORDER BY 1)))
  )
$$;
--> statement-breakpoint
DROP FUNCTION search_typo_match(text, text);
