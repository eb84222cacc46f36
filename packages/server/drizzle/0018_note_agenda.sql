-- A formal meeting's agenda given at upload (docs/formal-minutes.md#agenda-first): null when none was.
ALTER TABLE "notes" ADD COLUMN "agenda" jsonb;
