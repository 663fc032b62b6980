-- A COI's conflict declaration (issue 13): {"conflict": true|false, "description": text|null}, null
-- until the signer declares. A signed COI declaring a conflict recuses its investor from the case's
-- IC discussion and allocation; the partial index finds a case's recusals and one investor's quickly.
ALTER TABLE "legal_documents" ADD COLUMN "conflict_declaration" jsonb;--> statement-breakpoint
CREATE INDEX "legal_documents_recusal_idx" ON "legal_documents" USING btree ("case_id","client_id") WHERE "kind" = 'coi' AND "status" = 'signed';
