-- The search vectors kept by a trigger instead of generated columns
-- (docs/architecture.md#search-vectors). A generated column is built again whenever a column it
-- reads is written: storing a summary (processing, an edit, a re-summary, a restored version)
-- wrote `search_text`, so the whole transcript was turned into a vector again, and a re-summary
-- into English wrote `summary_language`, which the lines' vectors read too. The triggers keep the
-- transcript's vector apart and build it, and the lines', only when the transcript or the
-- language it was spoken in is written; the note's `search` is that vector joined with the
-- name's and the summary's, in the summary's language. The plain `search_text` is gone: the database reads
-- the text from the JSON with the two functions below, and no writer can forget it.
CREATE FUNCTION note_transcript_text(segments jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(line.segment ->> 'text', E'\n' ORDER BY line.ord), '')
    FROM jsonb_array_elements(segments) WITH ORDINALITY AS line(segment, ord)
  $$;
--> statement-breakpoint
CREATE FUNCTION note_summary_text(summary jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(found.value #>> '{}', E'\n' ORDER BY part.ord, found.ord), '')
    FROM unnest(ARRAY[
        '$.title', '$.overview',
        '$.topics[*].title', '$.topics[*].text',
        '$.decisions[*].text',
        '$.action_items[*].task', '$.action_items[*].owner', '$.action_items[*].due',
        '$.bullets[*].text',
        '$.discussion[*].title', '$.discussion[*].points[*].text',
        '$.qa[*].question', '$.qa[*].answer',
        '$.sections[*].heading', '$.sections[*].points[*]', '$.sections[*].key_terms[*]'
      ]::jsonpath[]) WITH ORDINALITY AS part(path, ord)
      CROSS JOIN LATERAL jsonb_path_query(summary, part.path) WITH ORDINALITY AS found(value, ord)
    WHERE jsonb_typeof(found.value) = 'string'
  $$;
--> statement-breakpoint
ALTER TABLE "notes" ALTER COLUMN "search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "notes" ALTER COLUMN "line_search" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "spoken_language" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "transcript_search" "tsvector";--> statement-breakpoint
ALTER TABLE "notes" DROP COLUMN "search_text";--> statement-breakpoint
-- An automatic note's transcript was searched in its summary's language: kept as it was.
UPDATE "notes" SET "spoken_language" = "summary_language" WHERE "language" = 'auto';--> statement-breakpoint
-- The transcript's vectors: only when the transcript or the language it was spoken in is written.
CREATE FUNCTION notes_transcript_vectors() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    spoken regconfig := CASE WHEN coalesce(NEW.spoken_language, NEW.language) = 'en'
      THEN 'english'::regconfig ELSE 'german'::regconfig END;
  BEGIN
    NEW.transcript_search := to_tsvector(spoken, note_transcript_text(NEW.segments));
    NEW.line_search := note_line_vectors(spoken, NEW.segments);
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
-- The note's vector, after the transcript's (triggers of one event fire in the order of their names).
CREATE FUNCTION notes_search_vector() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search := NEW.transcript_search || to_tsvector(
      CASE WHEN NEW.summary_language = 'en' THEN 'english'::regconfig ELSE 'german'::regconfig END,
      NEW.name || ' ' || note_summary_text(NEW.summary));
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER notes_search_1_transcript
  BEFORE INSERT OR UPDATE OF segments, language, spoken_language
  ON "notes" FOR EACH ROW EXECUTE FUNCTION notes_transcript_vectors();
--> statement-breakpoint
CREATE TRIGGER notes_search_2_note
  BEFORE INSERT OR UPDATE OF segments, language, spoken_language, name, summary, summary_language
  ON "notes" FOR EACH ROW EXECUTE FUNCTION notes_search_vector();
--> statement-breakpoint
-- Every note's vectors as the triggers build them.
UPDATE "notes" SET "segments" = "segments";
