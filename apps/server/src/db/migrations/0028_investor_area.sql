-- The investor area (issue 13). An investor's own "I'm interested" on an interest row (staff may
-- have created the row as an invitation; withdrawing then keeps the invitation); investors' questions
-- on a case and staff answers to them, as comments with their author and the question answered;
-- the look-ups the investor case list makes per case (signed NDA of this client on this case).
ALTER TABLE "client_interests" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_comments" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "case_comments" ADD COLUMN "reply_to" integer;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_reply_to_case_comments_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."case_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_comments_client_idx" ON "case_comments" USING btree ("client_id","case_id") WHERE "client_id" is not null;--> statement-breakpoint
CREATE INDEX "case_comments_reply_idx" ON "case_comments" USING btree ("reply_to") WHERE "reply_to" is not null;--> statement-breakpoint
CREATE INDEX "legal_documents_client_case_idx" ON "legal_documents" USING btree ("client_id","case_id","kind","status");
