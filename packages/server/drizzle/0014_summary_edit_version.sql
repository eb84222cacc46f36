-- Editing the summary by hand (docs/product.md#editing-the-summary): counts the changes to a
-- note's current summary (by hand, a re-summary, a restored version), so an edit from a stale tab
-- is refused. Existing notes start at 0.
ALTER TABLE "notes" ADD COLUMN "summary_edit_version" integer DEFAULT 0 NOT NULL;