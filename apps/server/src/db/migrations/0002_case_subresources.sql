CREATE TABLE "case_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"location" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_calendars_end_after_start" CHECK ("case_calendars"."end_at" >= "case_calendars"."start_at")
);
--> statement-breakpoint
CREATE TABLE "case_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"type" text DEFAULT 'invest_comment' NOT NULL,
	"title" text,
	"comment" text NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_info_updates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_info_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_maintenances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_maintenances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"role" text NOT NULL,
	"invest_money" numeric(20, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_roles_role_check" CHECK ("case_roles"."role" in ('lead_angel','panel','co_invest','observer','advisor'))
);
--> statement-breakpoint
CREATE TABLE "case_shareholder_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_shareholder_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"title" text NOT NULL,
	"shareholders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_todos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_todos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"due_at" timestamp with time zone,
	"done" boolean DEFAULT false NOT NULL,
	"assignee_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_calendars" ADD CONSTRAINT "case_calendars_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_calendars" ADD CONSTRAINT "case_calendars_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_info_updates" ADD CONSTRAINT "case_info_updates_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_info_updates" ADD CONSTRAINT "case_info_updates_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_maintenances" ADD CONSTRAINT "case_maintenances_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_maintenances" ADD CONSTRAINT "case_maintenances_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_roles" ADD CONSTRAINT "case_roles_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_roles" ADD CONSTRAINT "case_roles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_roles" ADD CONSTRAINT "case_roles_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_shareholder_histories" ADD CONSTRAINT "case_shareholder_histories_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_shareholder_histories" ADD CONSTRAINT "case_shareholder_histories_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_todos" ADD CONSTRAINT "case_todos_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_todos" ADD CONSTRAINT "case_todos_assignee_id_employees_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_todos" ADD CONSTRAINT "case_todos_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_calendars_case_start_idx" ON "case_calendars" USING btree ("case_id","start_at");--> statement-breakpoint
CREATE INDEX "case_comments_case_type_idx" ON "case_comments" USING btree ("case_id","type","publish_at");--> statement-breakpoint
CREATE INDEX "case_comments_publish_idx" ON "case_comments" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "case_info_updates_case_idx" ON "case_info_updates" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_info_updates_created_idx" ON "case_info_updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "case_maintenances_case_date_idx" ON "case_maintenances" USING btree ("case_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "case_roles_case_client_role_key" ON "case_roles" USING btree ("case_id","client_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "case_roles_one_lead_key" ON "case_roles" USING btree ("case_id") WHERE "case_roles"."role" = 'lead_angel';--> statement-breakpoint
CREATE INDEX "case_roles_client_idx" ON "case_roles" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "case_shareholder_histories_case_idx" ON "case_shareholder_histories" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_todos_case_idx" ON "case_todos" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "case_todos_assignee_idx" ON "case_todos" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "case_todos_created_by_idx" ON "case_todos" USING btree ("created_by");