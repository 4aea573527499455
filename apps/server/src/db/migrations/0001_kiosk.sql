CREATE TYPE "public"."charge_reason" AS ENUM('late_cancel', 'no_show');--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"class_reservation_id" uuid,
	"appointment_reservation_id" uuid,
	"reason" charge_reason NOT NULL,
	"amount_minor" integer NOT NULL,
	"tax_rate_id" uuid,
	"collect_on" date NOT NULL,
	"charge_now" boolean DEFAULT false NOT NULL,
	"credit_deduction" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_amount_not_negative" CHECK ("charges"."amount_minor" >= 0),
	CONSTRAINT "charges_credit_deduction_not_negative" CHECK ("charges"."credit_deduction" >= 0),
	CONSTRAINT "charges_one_reservation" CHECK (not ("charges"."class_reservation_id" is not null and "charges"."appointment_reservation_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_class_reservation_id_athlete_kilo_classes_id_fk" FOREIGN KEY ("class_reservation_id") REFERENCES "public"."athlete_kilo_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_appointment_reservation_id_athlete_appointments_id_fk" FOREIGN KEY ("appointment_reservation_id") REFERENCES "public"."athlete_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_class_reservation_key" ON "charges" USING btree ("class_reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_appointment_reservation_key" ON "charges" USING btree ("appointment_reservation_id");--> statement-breakpoint
CREATE INDEX "charges_gym_collect_on_idx" ON "charges" USING btree ("gym_id","collect_on");--> statement-breakpoint
CREATE INDEX "charges_athlete_idx" ON "charges" USING btree ("athlete_id");