CREATE TYPE "public"."pay_rate_kind" AS ENUM('class_flat', 'class_tiered', 'hourly', 'appointment_flat', 'commission');--> statement-breakpoint
CREATE TYPE "public"."pay_target" AS ENUM('class_type', 'appointment_type', 'work_category', 'commission');--> statement-breakpoint
CREATE TYPE "public"."work_entry_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "pay_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"target" "pay_target" NOT NULL,
	"class_type_id" uuid,
	"appointment_type_id" uuid,
	"work_category_id" uuid,
	"pay_rate_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"created_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_assignments_target" CHECK (("pay_assignments"."target" = 'class_type') = ("pay_assignments"."class_type_id" is not null) and ("pay_assignments"."target" = 'appointment_type') = ("pay_assignments"."appointment_type_id" is not null) and ("pay_assignments"."target" = 'work_category') = ("pay_assignments"."work_category_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "pay_rate_kind" NOT NULL,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"per_athlete_minor" integer DEFAULT 0 NOT NULL,
	"athlete_threshold" integer DEFAULT 0 NOT NULL,
	"cap_minor" integer,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_rates_amounts" CHECK ("pay_rates"."amount_minor" >= 0 and "pay_rates"."per_athlete_minor" >= 0 and "pay_rates"."athlete_threshold" >= 0 and coalesce("pay_rates"."cap_minor", 0) >= 0 and "pay_rates"."commission_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "work_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"work_category_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "work_entry_status" DEFAULT 'pending' NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"reviewed_by_profile_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_entries_minutes" CHECK ("work_entries"."minutes" > 0 and "work_entries"."minutes" <= 1440),
	CONSTRAINT "work_entries_times" CHECK (("work_entries"."starts_at" is null) = ("work_entries"."ends_at" is null) and coalesce("work_entries"."ends_at" > "work_entries"."starts_at", true))
);
--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_work_category_id_work_categories_id_fk" FOREIGN KEY ("work_category_id") REFERENCES "public"."work_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_pay_rate_id_pay_rates_id_fk" FOREIGN KEY ("pay_rate_id") REFERENCES "public"."pay_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_assignments" ADD CONSTRAINT "pay_assignments_created_by_profile_id_profiles_id_fk" FOREIGN KEY ("created_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_categories" ADD CONSTRAINT "work_categories_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_work_category_id_work_categories_id_fk" FOREIGN KEY ("work_category_id") REFERENCES "public"."work_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_reviewed_by_profile_id_profiles_id_fk" FOREIGN KEY ("reviewed_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_assignments_gym_staff_idx" ON "pay_assignments" USING btree ("gym_id","staff_id");--> statement-breakpoint
CREATE INDEX "pay_assignments_rate_idx" ON "pay_assignments" USING btree ("pay_rate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_assignments_one_per_day_key" ON "pay_assignments" USING btree ("staff_id","target",coalesce("class_type_id", "appointment_type_id", "work_category_id", '00000000-0000-0000-0000-000000000000'::uuid),"starts_on");--> statement-breakpoint
CREATE INDEX "pay_rates_gym_idx" ON "pay_rates" USING btree ("gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_gym_name_key" ON "pay_rates" USING btree ("gym_id",lower("name")) WHERE "pay_rates"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "work_categories_gym_name_key" ON "work_categories" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "work_entries_gym_date_idx" ON "work_entries" USING btree ("gym_id","work_date");--> statement-breakpoint
CREATE INDEX "work_entries_staff_date_idx" ON "work_entries" USING btree ("staff_id","work_date");--> statement-breakpoint
ALTER TABLE "work_entries" ADD CONSTRAINT "work_entries_no_overlap" EXCLUDE USING gist ("staff_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("starts_at" IS NOT NULL AND "status" <> 'rejected');
