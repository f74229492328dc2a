-- Search that costs the same on 1,000 rows as on 100,000 (issue #37): the words of headings (titles and
-- tags) are kept in search_terms, one row per word of an item, with the item's creation time. A typed
-- word is first looked up among the distinct words (search_words: the words it starts, or the words it
-- is a typo of), then the newest items holding each of those words are read in order from
-- search_terms_word_idx, a few per word (db/search.ts), instead of ranking every row that matches.
-- Tags are matched by the start of a word as titles are ("java" finds #javascript).
CREATE TABLE "search_terms" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"word" text NOT NULL,
	"weight" smallint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "search_terms_pkey" PRIMARY KEY("kind","item_id","word")
);
--> statement-breakpoint
CREATE INDEX "search_terms_word_idx" ON "search_terms" USING btree ("kind","word","weight" DESC NULLS LAST,"created_at" DESC NULLS LAST,"item_id");
--> statement-breakpoint
-- Tags as one text, for their trigram index (array_to_string is only STABLE, so it cannot index).
CREATE FUNCTION search_tags_text(tags text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$;
--> statement-breakpoint
CREATE INDEX "classes_tags_trgm_idx" ON "classes" USING gin (search_tags_text("tags") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "community_posts_tags_trgm_idx" ON "community_posts" USING gin (search_tags_text("tags") gin_trgm_ops);
--> statement-breakpoint
-- The words of a heading (lower case, split at anything but letters and digits) and their weight:
-- 4 the title is this one word, 3 the title's first word, 2 another word of the title, 1 a tag.
CREATE FUNCTION search_terms_of(heading_title text, heading_tags text[])
RETURNS TABLE (word text, weight smallint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH title_words AS (
    SELECT w, row_number() OVER (ORDER BY n) AS position, count(*) OVER () AS words
    FROM regexp_split_to_table(lower(heading_title), '[^[:alnum:]]+') WITH ORDINALITY AS s(w, n)
    WHERE w <> ''
  )
  SELECT w, max(found.weight)::smallint FROM (
    SELECT w, CASE WHEN position > 1 THEN 2 WHEN words = 1 THEN 4 ELSE 3 END AS weight FROM title_words
    UNION ALL
    SELECT w, 1 FROM unnest(heading_tags) AS tag, regexp_split_to_table(lower(tag), '[^[:alnum:]]+') AS w
    WHERE w <> ''
  ) AS found GROUP BY w
$$;
--> statement-breakpoint
-- search_words now holds every word, short ones too: a prefix such as "go" is looked up there as well.
CREATE OR REPLACE FUNCTION search_words_add(doc text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(doc), '[^[:alnum:]]+') AS w
  WHERE w <> '' ORDER BY w
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_fill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT title AS doc FROM classes
    UNION ALL SELECT search_tags_text(tags) FROM classes
    UNION ALL SELECT title FROM discussions
    UNION ALL SELECT title FROM community_posts
    UNION ALL SELECT search_tags_text(tags) FROM community_posts
    UNION ALL SELECT name FROM users
  ) AS docs, regexp_split_to_table(lower(docs.doc), '[^[:alnum:]]+') AS w
  WHERE w <> ''
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Keeps an item's rows of search_terms (and its words in search_words) as it is written, renamed,
-- retagged or deleted. TG_ARGV[0] is its kind; discussions have no tags.
CREATE FUNCTION search_terms_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  heading_tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM search_terms WHERE kind = TG_ARGV[0] AND item_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_ARGV[0] <> 'discussion' THEN
      heading_tags := NEW.tags;
    END IF;
    INSERT INTO search_terms (kind, item_id, word, weight, created_at)
    SELECT TG_ARGV[0], NEW.id, t.word, t.weight, NEW.created_at FROM search_terms_of(NEW.title, heading_tags) AS t;
    PERFORM search_words_add(NEW.title || ' ' || search_tags_text(heading_tags));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER classes_search_words ON classes;
--> statement-breakpoint
DROP TRIGGER discussions_search_words ON discussions;
--> statement-breakpoint
DROP TRIGGER community_posts_search_words ON community_posts;
--> statement-breakpoint
DROP FUNCTION search_words_of_title();
--> statement-breakpoint
CREATE TRIGGER classes_search_terms AFTER INSERT OR DELETE OR UPDATE OF title, tags ON classes
  FOR EACH ROW EXECUTE FUNCTION search_terms_keep('class');
--> statement-breakpoint
CREATE TRIGGER discussions_search_terms AFTER INSERT OR DELETE OR UPDATE OF title ON discussions
  FOR EACH ROW EXECUTE FUNCTION search_terms_keep('discussion');
--> statement-breakpoint
CREATE TRIGGER community_posts_search_terms AFTER INSERT OR DELETE OR UPDATE OF title, tags ON community_posts
  FOR EACH ROW EXECUTE FUNCTION search_terms_keep('post');
--> statement-breakpoint
-- Every heading there is, and its words: run once here for what is already written, and by bulk loads
-- that write with triggers off (bench/seed).
CREATE FUNCTION search_terms_fill() RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (kind, item_id, word, weight, created_at)
  SELECT 'class', c.id, t.word, t.weight, c.created_at FROM classes AS c, search_terms_of(c.title, c.tags) AS t
  UNION ALL
  SELECT 'discussion', d.id, t.word, t.weight, d.created_at FROM discussions AS d, search_terms_of(d.title, '{}') AS t
  UNION ALL
  SELECT 'post', p.id, t.word, t.weight, p.created_at FROM community_posts AS p, search_terms_of(p.title, p.tags) AS t
  ON CONFLICT DO NOTHING;
  SELECT search_words_fill();
$$;
--> statement-breakpoint
SELECT search_terms_fill();
