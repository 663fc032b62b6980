CREATE TABLE "activity_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"ao_id" integer,
	"agent_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"currency" text DEFAULT 'NTD' NOT NULL,
	"website" text,
	"opportunity_record_type" text,
	"step" text,
	"source" text,
	"pre_money" numeric(20, 2),
	"fund_raising" numeric(20, 2),
	"round" text,
	"preserved" boolean DEFAULT false NOT NULL,
	"de_identification" boolean DEFAULT false NOT NULL,
	"funding" numeric(20, 2),
	"overview" text,
	"co_investor" text,
	"domain_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating_ao_id" integer,
	"rating_ao_score" integer,
	"rating_ir_id" integer,
	"rating_ir_score" integer,
	"sign_term" text,
	"sticky_column" boolean DEFAULT false NOT NULL,
	"fund_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"business_plan" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"term_sheet" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"name" text NOT NULL,
	"type" text,
	"status" text DEFAULT 'active' NOT NULL,
	"phone" text,
	"membership" text DEFAULT 'general' NOT NULL,
	"process_status" text DEFAULT 'p0' NOT NULL,
	"investe_startup" text,
	"scale" text,
	"check_size" text,
	"domain_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"industry_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employee_id" integer,
	"expiry_at" timestamp with time zone,
	"next_step" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_hash" text NOT NULL,
	"phone" text,
	"title" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_role_check" CHECK ("employees"."role" in ('admin','ao','ir','sa')),
	CONSTRAINT "employees_status_check" CHECK ("employees"."status" in ('active','inactive'))
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "startup_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "startup_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'owner' NOT NULL,
	"case_id" integer,
	"case_review" boolean DEFAULT false NOT NULL,
	"scope" jsonb,
	"expiry_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_ao_id_employees_id_fk" FOREIGN KEY ("ao_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_rating_ao_id_employees_id_fk" FOREIGN KEY ("rating_ao_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_rating_ir_id_employees_id_fk" FOREIGN KEY ("rating_ir_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_users" ADD CONSTRAINT "startup_users_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_entity_idx" ON "activity_logs" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_failures_key_at_idx" ON "auth_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "cases_status_created_idx" ON "cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cases_ao_idx" ON "cases" USING btree ("ao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_key" ON "clients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "clients_employee_idx" ON "clients" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "clients_process_status_idx" ON "clients" USING btree ("process_status");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_email_key" ON "employees" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "startup_users_email_key" ON "startup_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "startup_users_case_idx" ON "startup_users" USING btree ("case_id");