-- The one file store's records (issue 12): what an uploaded image or document is, who uploaded it
-- (a staff member, an investor client or a startup user: no foreign key can name all three), and
-- the key of its bytes in the store, which no answer ever shows.
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_kind_check" CHECK ("kind" in ('image', 'doc')),
	CONSTRAINT "files_owner_kind_check" CHECK ("owner_kind" in ('employee', 'client', 'startup')),
	CONSTRAINT "files_size_check" CHECK ("size" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_kind","owner_id","created_at");
