-- A legal document signed by the case's startup (issue 14): the firm's letter of intent to the
-- company, kind 'startup_loi'. A document has exactly one signer, an investor client or a startup
-- user, hence two nullable columns and a check that exactly one is set (foreign keys on both).
-- Signing codes follow their document's signer the same way.
ALTER TABLE "legal_documents" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "startup_user_id" integer;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_startup_user_id_startup_users_id_fk" FOREIGN KEY ("startup_user_id") REFERENCES "public"."startup_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_signer_check" CHECK (("client_id" IS NULL) <> ("startup_user_id" IS NULL));--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_startup_kind_check" CHECK (("kind" = 'startup_loi') = ("startup_user_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "legal_documents" DROP CONSTRAINT "legal_documents_kind_check";--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_kind_check" CHECK ("kind" in ('loi', 'nda', 'coi', 'subscription', 'startup_loi'));--> statement-breakpoint
CREATE INDEX "legal_documents_startup_user_idx" ON "legal_documents" USING btree ("startup_user_id","created_at") WHERE "startup_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ADD COLUMN "startup_user_id" integer;--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ADD CONSTRAINT "legal_document_sign_codes_startup_user_id_startup_users_id_fk" FOREIGN KEY ("startup_user_id") REFERENCES "public"."startup_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ADD CONSTRAINT "legal_document_sign_codes_signer_check" CHECK (("client_id" IS NULL) <> ("startup_user_id" IS NULL));
