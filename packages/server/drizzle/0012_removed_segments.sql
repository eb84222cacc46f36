-- Passages the speech engine invented on silence and noise (subtitle credits, repeats, loops) are
-- taken out of the transcript and kept here, so the note's details can list them
-- (docs/uploads.md#invented-text). Notes processed before have none.
ALTER TABLE "notes" ADD COLUMN "removed_segments" jsonb DEFAULT '[]'::jsonb NOT NULL;
