CREATE TABLE "cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"company" text,
	"title" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"notes" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_key" text,
	"image_mime" text,
	"image_size" bigint,
	"image_sha256" text,
	"image_updated_at" timestamp with time zone,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_grants" (
	"card_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"permission" text NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_grants_card_id_employee_id_pk" PRIMARY KEY("card_id","employee_id"),
	CONSTRAINT "card_grants_permission_check" CHECK ("card_grants"."permission" in ('read', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "card_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_group_members" (
	"group_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_group_members_group_id_card_id_pk" PRIMARY KEY("group_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_owner_id_employees_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_grants" ADD CONSTRAINT "card_grants_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_grants" ADD CONSTRAINT "card_grants_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_grants" ADD CONSTRAINT "card_grants_granted_by_employees_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_groups" ADD CONSTRAINT "card_groups_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_members" ADD CONSTRAINT "card_group_members_group_id_card_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."card_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_group_members" ADD CONSTRAINT "card_group_members_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_name_idx" ON "cards" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "cards_owner_idx" ON "cards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "cards_tags_idx" ON "cards" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "card_grants_employee_idx" ON "card_grants" USING btree ("employee_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_groups_name_key" ON "card_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "card_group_members_card_idx" ON "card_group_members" USING btree ("card_id");--> statement-breakpoint
-- Search over name, company, emails and phones through the grams of migration 0007 (one- and
-- two-character Chinese names included), as the client list does; the expression must stay
-- exactly as the repository writes it (cardSearchText), or the planner will not use the index.
-- No statistics on the grams, as for cases and clients (migration 0007 says why).
CREATE INDEX "cards_search_grams_idx" ON "cards"
  USING gin (case_search_grams("name" || E'\n' || coalesce("company", '') || E'\n' || "emails"::text || E'\n' || "phones"::text));
--> statement-breakpoint
ALTER INDEX "cards_search_grams_idx" ALTER COLUMN 1 SET STATISTICS 0;
