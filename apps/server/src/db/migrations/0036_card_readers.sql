-- Who may read each card, on the card itself (issue 11, card search of someone who is not admin):
-- the owner and every employee holding a grant row ("none" is never stored: no row, no access),
-- exactly the set the repository's readableBy allowed through owner_id and card_grants. Indexed with
-- the search's grams, so PostgreSQL intersects "cards this viewer may read" with "cards that match"
-- in the index before reading any card, instead of testing each card that matches a common character.
-- Sorted, without duplicates. Derived data: only the triggers below write it.
ALTER TABLE "cards" ADD COLUMN "readers" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- A card's readers now. plpgsql (never inlined) and volatile: each call reads with a fresh snapshot,
-- so when two transactions change the grants of one card, the second, which waits on the card's
-- row, counts the first one's committed grant too instead of writing an array without it.
CREATE FUNCTION "card_readers"("card" integer, "owner" integer) RETURNS integer[]
	LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RETURN array(
		SELECT owner WHERE owner IS NOT NULL
		UNION
		SELECT g.employee_id FROM card_grants g WHERE g.card_id = card
		ORDER BY 1);
END
$$;--> statement-breakpoint
-- The old search index goes first: kept through the backfill, it would take every card's grams again.
DROP INDEX "cards_search_grams_idx";--> statement-breakpoint
UPDATE "cards" SET "readers" = "card_readers"("id", "owner_id");--> statement-breakpoint
-- The search's grams and the readers in one index, in place of cards_search_grams_idx (0019; same
-- expression, which the repository's cardSearchText must keep writing exactly): a scan with both
-- conditions returns only the matching cards the viewer may read, whatever the planner guesses of
-- either set. As two indexes, it ANDed their bitmaps only when it expected many matches (500 for
-- one character, 1 for two: the grams have no statistics) and otherwise read every matching card
-- to test its readers (bench, "志明" as the bench ao: 10k read for 1k kept). Either column alone is
-- served too: admin's search, and the list of someone who is not admin.
CREATE INDEX "cards_search_readers_idx" ON "cards"
  USING gin (case_search_grams("name" || E'\n' || coalesce("company", '') || E'\n' || "emails"::text || E'\n' || "phones"::text), "readers");
--> statement-breakpoint
ALTER INDEX "cards_search_readers_idx" ALTER COLUMN 1 SET STATISTICS 0;--> statement-breakpoint
-- A new card, a new owner (also an owner's account deleted: the foreign key sets owner_id to null)
-- and any write to readers itself: the row gets its readers computed, never taken as given.
CREATE FUNCTION "cards_readers_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.readers := card_readers(NEW.id, NEW.owner_id);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cards_readers_insert" BEFORE INSERT ON "cards"
	FOR EACH ROW EXECUTE FUNCTION "cards_readers_set"();--> statement-breakpoint
CREATE TRIGGER "cards_readers_update" BEFORE UPDATE OF "owner_id", "readers" ON "cards"
	FOR EACH ROW EXECUTE FUNCTION "cards_readers_set"();--> statement-breakpoint
-- Grants given, taken away (also by a card's or an employee's deletion, which cascade) or moved:
-- per statement, so a bulk insert of thousands of grants touches each of its cards once. Only a
-- change of who holds a grant counts: read → edit leaves the readers as they are and writes nothing.
-- The UPDATE names readers, so cards_readers_update above computes the value written.
CREATE FUNCTION "card_grants_readers_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE cards SET readers = '{}' WHERE id IN (SELECT card_id FROM new_rows);
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE cards SET readers = '{}' WHERE id IN (SELECT card_id FROM old_rows);
	ELSE
		UPDATE cards SET readers = '{}' WHERE id IN (
			SELECT card_id FROM (
				(SELECT card_id, employee_id FROM new_rows EXCEPT SELECT card_id, employee_id FROM old_rows)
				UNION ALL
				(SELECT card_id, employee_id FROM old_rows EXCEPT SELECT card_id, employee_id FROM new_rows)
			) moved);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "card_grants_readers_insert" AFTER INSERT ON "card_grants" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "card_grants_readers_apply"();--> statement-breakpoint
CREATE TRIGGER "card_grants_readers_update" AFTER UPDATE ON "card_grants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "card_grants_readers_apply"();--> statement-breakpoint
CREATE TRIGGER "card_grants_readers_delete" AFTER DELETE ON "card_grants" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "card_grants_readers_apply"();--> statement-breakpoint
CREATE FUNCTION "card_grants_readers_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE cards SET readers = '{}' WHERE readers IS DISTINCT FROM array_remove(ARRAY[owner_id], NULL);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "card_grants_readers_truncate" AFTER TRUNCATE ON "card_grants"
	FOR EACH STATEMENT EXECUTE FUNCTION "card_grants_readers_reset"();
