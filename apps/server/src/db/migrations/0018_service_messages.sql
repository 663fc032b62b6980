CREATE TABLE "service_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"sender" text NOT NULL,
	"employee_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_messages_sender_check" CHECK ("service_messages"."sender" in ('employee','client'))
);
--> statement-breakpoint
CREATE TABLE "service_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"subject" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_from" text NOT NULL,
	"last_message_id" integer,
	"last_preview" text DEFAULT '' NOT NULL,
	"last_employee_id" integer,
	"staff_unread" boolean DEFAULT false NOT NULL,
	"client_unread" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_threads_last_from_check" CHECK ("service_threads"."last_from" in ('employee','client'))
);
--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_thread_id_service_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."service_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_threads" ADD CONSTRAINT "service_threads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_threads" ADD CONSTRAINT "service_threads_last_employee_id_employees_id_fk" FOREIGN KEY ("last_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_threads" ADD CONSTRAINT "service_threads_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_messages_thread_idx" ON "service_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "service_threads_inbox_idx" ON "service_threads" USING btree ("last_from","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_threads_latest_idx" ON "service_threads" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_threads_client_idx" ON "service_threads" USING btree ("client_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_threads_staff_unread_idx" ON "service_threads" USING btree ("last_from") WHERE "service_threads"."staff_unread";