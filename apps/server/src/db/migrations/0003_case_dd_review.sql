CREATE TABLE "case_dd_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_dd_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"client_id" integer,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_review_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_review_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"employee_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"startup_user_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"update_content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_reviews_status_check" CHECK ("case_reviews"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "case_dd_comments" ADD CONSTRAINT "case_dd_comments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_dd_comments" ADD CONSTRAINT "case_dd_comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_dd_comments" ADD CONSTRAINT "case_dd_comments_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_review_comments" ADD CONSTRAINT "case_review_comments_review_id_case_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."case_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_review_comments" ADD CONSTRAINT "case_review_comments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_reviews" ADD CONSTRAINT "case_reviews_startup_user_id_startup_users_id_fk" FOREIGN KEY ("startup_user_id") REFERENCES "public"."startup_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_reviews" ADD CONSTRAINT "case_reviews_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_reviews" ADD CONSTRAINT "case_reviews_applied_by_employees_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_dd_comments_case_idx" ON "case_dd_comments" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "case_dd_comments_client_idx" ON "case_dd_comments" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "case_review_comments_review_idx" ON "case_review_comments" USING btree ("review_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_reviews_startup_user_key" ON "case_reviews" USING btree ("startup_user_id");--> statement-breakpoint
CREATE INDEX "case_reviews_case_idx" ON "case_reviews" USING btree ("case_id");