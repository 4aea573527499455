CREATE TYPE "public"."event_kind" AS ENUM('class', 'appointment');
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"kind" "event_kind" NOT NULL,
	"class_type_id" uuid,
	"appointment_type_id" uuid,
	"location_id" uuid,
	"root_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"tax_rate_id" uuid,
	"cancellation_fee_minor" integer DEFAULT 0 NOT NULL,
	"no_show_fee_minor" integer DEFAULT 0 NOT NULL,
	"cancellation_credit_deduction" integer DEFAULT 0 NOT NULL,
	"no_show_credit_deduction" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" > 0),
	CONSTRAINT "events_duration_positive" CHECK ("events"."duration_minutes" > 0),
	CONSTRAINT "events_type_of_kind" CHECK (("events"."kind" = 'class') = ("events"."class_type_id" is not null) and ("events"."kind" = 'appointment') = ("events"."appointment_type_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gym_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"is_waitlisted" boolean DEFAULT false NOT NULL,
	"is_reserved" boolean DEFAULT true NOT NULL,
	"is_checked_in" boolean DEFAULT false NOT NULL,
	"is_late_cancel" boolean DEFAULT false NOT NULL,
	"is_no_show" boolean DEFAULT false NOT NULL,
	"charge_now" boolean DEFAULT false NOT NULL,
	"charge_date" date,
	"charge_fee_minor" integer,
	"tax_rate_id" uuid,
	"deduct_credit" boolean DEFAULT false NOT NULL,
	"is_credited" boolean DEFAULT false NOT NULL,
	"registration_datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "reservations_late_cancel_xor_no_show" CHECK (not ("reservations"."is_late_cancel" and "reservations"."is_no_show")),
	CONSTRAINT "reservations_fee_not_negative" CHECK ("reservations"."charge_fee_minor" is null or "reservations"."charge_fee_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_one_reservation";
--> statement-breakpoint
ALTER TABLE "event_coaches" DROP CONSTRAINT "event_coaches_one_event";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_class_reservation_id_athlete_kilo_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_appointment_reservation_id_athlete_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "event_coaches" DROP CONSTRAINT "event_coaches_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "event_coaches" DROP CONSTRAINT "event_coaches_appointment_id_appointments_id_fk";
--> statement-breakpoint
DROP INDEX "charges_class_reservation_key";
--> statement-breakpoint
DROP INDEX "charges_appointment_reservation_key";
--> statement-breakpoint
DROP INDEX "event_coaches_class_idx";
--> statement-breakpoint
DROP INDEX "event_coaches_appointment_idx";
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "reservation_id" uuid;
--> statement-breakpoint
ALTER TABLE "event_coaches" ADD COLUMN "event_id" uuid;
--> statement-breakpoint
-- Classes and appointments become one table of events, their reservations one table (decision 018); ids are kept.
INSERT INTO "events" ("id", "gym_id", "kind", "class_type_id", "location_id", "root_id", "starts_at", "start_date", "start_time", "duration_minutes", "capacity", "tax_rate_id", "cancellation_fee_minor", "no_show_fee_minor", "cancellation_credit_deduction", "no_show_credit_deduction", "created_at")
SELECT "id", "gym_id", 'class', "class_type_id", "location_id", "root_id", "starts_at", "start_date", "start_time", "duration_minutes", "capacity", "tax_rate_id", "cancellation_fee_minor", "no_show_fee_minor", "cancellation_credit_deduction", "no_show_credit_deduction", "created_at" FROM "classes";
--> statement-breakpoint
INSERT INTO "events" ("id", "gym_id", "kind", "appointment_type_id", "location_id", "starts_at", "start_date", "start_time", "duration_minutes", "capacity", "tax_rate_id", "cancellation_fee_minor", "no_show_fee_minor", "cancellation_credit_deduction", "no_show_credit_deduction", "created_at")
SELECT a."id", a."gym_id", 'appointment', a."appointment_type_id", a."location_id", a."starts_at", a."start_date", a."start_time", a."duration_minutes", a."capacity", t."tax_rate_id", t."cancellation_fee_minor", t."no_show_fee_minor", t."cancellation_credit_deduction", t."no_show_credit_deduction", a."created_at"
FROM "appointments" a JOIN "appointment_types" t ON t."id" = a."appointment_type_id";
--> statement-breakpoint
INSERT INTO "reservations" ("id", "gym_id", "event_id", "athlete_id", "is_waitlisted", "is_reserved", "is_checked_in", "is_late_cancel", "is_no_show", "charge_now", "charge_date", "charge_fee_minor", "tax_rate_id", "deduct_credit", "is_credited", "registration_datetime", "checked_in_at", "updated_at", "updated_by_user_id")
SELECT "id", "gym_id", "class_id", "athlete_id", "is_waitlisted", "is_reserved", "is_checked_in", "is_late_cancel", "is_no_show", "charge_now", "charge_date", "charge_fee_minor", "tax_rate_id", "deduct_credit", "is_credited", "registration_datetime", "checked_in_at", "updated_at", "updated_by_user_id" FROM "athlete_kilo_classes";
--> statement-breakpoint
INSERT INTO "reservations" ("id", "gym_id", "event_id", "athlete_id", "is_reserved", "is_checked_in", "is_late_cancel", "is_no_show", "charge_now", "charge_date", "charge_fee_minor", "tax_rate_id", "deduct_credit", "is_credited", "registration_datetime", "checked_in_at", "updated_at", "updated_by_user_id")
SELECT "id", "gym_id", "appointment_id", "athlete_id", "is_reserved", "is_checked_in", "is_late_cancel", "is_no_show", "charge_now", "charge_date", "charge_fee_minor", "tax_rate_id", "deduct_credit", "is_credited", "registration_datetime", "checked_in_at", "updated_at", "updated_by_user_id" FROM "athlete_appointments";
--> statement-breakpoint
UPDATE "charges" SET "reservation_id" = coalesce("class_reservation_id", "appointment_reservation_id");
--> statement-breakpoint
UPDATE "event_coaches" SET "event_id" = coalesce("class_id", "appointment_id");
--> statement-breakpoint
DELETE FROM "event_coaches" WHERE "event_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "event_coaches" ALTER COLUMN "event_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "charges" DROP COLUMN "class_reservation_id";
--> statement-breakpoint
ALTER TABLE "charges" DROP COLUMN "appointment_reservation_id";
--> statement-breakpoint
ALTER TABLE "event_coaches" DROP COLUMN "class_id";
--> statement-breakpoint
ALTER TABLE "event_coaches" DROP COLUMN "appointment_id";
--> statement-breakpoint
DROP TABLE "athlete_appointments";
--> statement-breakpoint
DROP TABLE "athlete_kilo_classes";
--> statement-breakpoint
DROP TABLE "appointments";
--> statement-breakpoint
DROP TABLE "classes";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "events_gym_date_idx" ON "events" USING btree ("gym_id","start_date");
--> statement-breakpoint
CREATE INDEX "events_gym_class_type_time_idx" ON "events" USING btree ("gym_id","class_type_id","start_time","start_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_event_athlete_key" ON "reservations" USING btree ("event_id","athlete_id");
--> statement-breakpoint
CREATE INDEX "reservations_athlete_idx" ON "reservations" USING btree ("athlete_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "charges_reservation_key" ON "charges" USING btree ("reservation_id");
--> statement-breakpoint
CREATE INDEX "event_coaches_event_idx" ON "event_coaches" USING btree ("event_id");