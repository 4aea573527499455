CREATE TABLE "gym_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"data" "bytea",
	"size_bytes" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "gym_exports_state" CHECK ("gym_exports"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "gym_exports_progress" CHECK ("gym_exports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "gym_exports" ADD CONSTRAINT "gym_exports_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_exports" ADD CONSTRAINT "gym_exports_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gym_exports_gym_idx" ON "gym_exports" USING btree ("gym_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gym_exports_one_running_key" ON "gym_exports" USING btree ("gym_id") WHERE "gym_exports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "invoices_gym_due_idx" ON "invoices" USING btree ("gym_id","due_date");--> statement-breakpoint
CREATE INDEX "athlete_packages_gym_start_idx" ON "athlete_packages" USING btree ("gym_id","start_date");--> statement-breakpoint
CREATE INDEX "credit_ledger_gym_created_idx" ON "credit_ledger" USING btree ("gym_id","created_at");