-- Names people see are one line without invisible formatting (issue #35, packages/contract/src/text.ts):
-- new ones are refused or cleaned by the contract, and those written before the rule are cleaned here
-- the same way. Bidirectional controls and zero-width characters are removed ("inv<U+202E>exe.txt" read
-- as an .exe); control characters and the Unicode line and paragraph separators (a name with a line
-- break printed as two lines in mail) become a space, or, in a file's name, nothing, as in an upload;
-- a file's name keeps its last path segment only, as in an upload. A name left empty gets a neutral one.
-- Only rows that change are written. Records copied at the time (audit entries, notifications) keep
-- what they copied.
UPDATE "users" SET "name" = coalesce(nullif(btrim(regexp_replace(regexp_replace("name",
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]+', ' ', 'g')), ''), "username")
  WHERE "name" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029]';
--> statement-breakpoint
UPDATE "classes" SET "title" = coalesce(nullif(btrim(regexp_replace(regexp_replace("title",
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]+', ' ', 'g')), ''), 'Untitled class')
  WHERE "title" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029]';
--> statement-breakpoint
UPDATE "class_sessions" SET "title" = btrim(regexp_replace(regexp_replace("title",
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]+', ' ', 'g'))
  WHERE "title" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029]';
--> statement-breakpoint
UPDATE "discussions" SET "title" = coalesce(nullif(btrim(regexp_replace(regexp_replace("title",
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]+', ' ', 'g')), ''), 'Untitled')
  WHERE "title" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029]';
--> statement-breakpoint
UPDATE "community_posts" SET "title" = coalesce(nullif(btrim(regexp_replace(regexp_replace("title",
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]+', ' ', 'g')), ''), 'Untitled')
  WHERE "title" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029]';
--> statement-breakpoint
UPDATE "class_materials" SET "name" = coalesce(nullif(btrim(regexp_replace(regexp_replace(
    regexp_replace("name", '^.*[\\/]', ''),
    '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F\u2028\u2029]', '', 'g')), ''), 'file')
  WHERE "name" ~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u0001-\u001F\u007F-\u009F\u2028\u2029\\/]';
