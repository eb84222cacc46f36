-- Narrow note rows (docs/architecture.md#database). Transcript, summary, search text and search
-- vector of a note are several kilobytes; left inline (PostgreSQL moves values out only past
-- 2 kB a row) they made about five rows a page, and counting the matches of a common search word
-- read a fifth of the table. With a 256-byte target they go to the TOAST table, read only for
-- the note that needs them, and a count or a walk by date touches a few thousand pages.
-- Takes effect for rows written from now on (every note is rewritten when it is processed).
ALTER TABLE "notes" SET (toast_tuple_target = 256);
