-- Generated legal documents (issue 12): an LOI, NDA, COI or LP subscription contract for one
-- investor on one case, its PDF and, once signed, the signed PDF in the file store; and the
-- document's audit trail, hash-chained and append-only (a trigger refuses every UPDATE and DELETE).
CREATE TABLE "legal_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"case_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"commitment_amount" bigint,
	"content" jsonb NOT NULL,
	"file_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"signed_file_id" integer,
	"signed_sha256" text,
	"events" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "legal_documents_kind_check" CHECK ("kind" in ('loi', 'nda', 'coi', 'subscription')),
	CONSTRAINT "legal_documents_lang_check" CHECK ("lang" in ('zh-TW', 'en')),
	CONSTRAINT "legal_documents_status_check" CHECK ("status" in ('draft', 'sent', 'signed', 'void'))
);
--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_documents_case_idx" ON "legal_documents" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_documents_client_idx" ON "legal_documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE TABLE "legal_document_events" (
	"document_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"ip" text,
	"user_agent" text,
	"data" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "legal_document_events_pk" PRIMARY KEY("document_id","seq")
);
--> statement-breakpoint
ALTER TABLE "legal_document_events" ADD CONSTRAINT "legal_document_events_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "legal_document_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'legal_document_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "legal_document_events_no_change" BEFORE UPDATE OR DELETE ON "legal_document_events" FOR EACH ROW EXECUTE FUNCTION "legal_document_events_append_only"();
