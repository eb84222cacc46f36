-- Search vectors per transcript line (docs/product.md#search-hits). A search hit is the first
-- line of a note that matches; testing that built a vector of every line on every search, the
-- largest cost of a search in the database. The lines' vectors are now stored with the note and
-- kept up to date by the database, as the note's own search vector is: a generated column needs
-- an immutable function, so the lines are turned into vectors by this one.
CREATE FUNCTION note_line_vectors(config regconfig, segments jsonb) RETURNS tsvector[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(to_tsvector(config, coalesce(line.segment ->> 'text', '')) ORDER BY line.ord), '{}')
    FROM jsonb_array_elements(segments) WITH ORDINALITY AS line(segment, ord)
  $$;
--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "line_search" "tsvector"[] GENERATED ALWAYS AS (note_line_vectors(CASE WHEN "notes"."language" = 'en' OR ("notes"."language" = 'auto' AND "notes"."summary_language" = 'en')
          THEN 'english'::regconfig ELSE 'german'::regconfig END, "notes"."segments")) STORED;