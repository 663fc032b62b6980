-- One-time codes for signing a legal document (issue 12): mailed to the signer, stored only as an
-- HMAC, alive 10 minutes with 5 tries; the typed name, the drawn signature and the consent the
-- signer gave when asking for the code wait here until the code confirms them.
CREATE TABLE "legal_document_sign_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_document_sign_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"typed_name" text NOT NULL,
	"drawn_png" text,
	"consent" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ADD CONSTRAINT "legal_document_sign_codes_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_document_sign_codes" ADD CONSTRAINT "legal_document_sign_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_document_sign_codes_document_idx" ON "legal_document_sign_codes" USING btree ("document_id","created_at");
