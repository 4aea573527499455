CREATE TYPE "public"."country" AS ENUM('US', 'GB', 'CA');--> statement-breakpoint
CREATE TYPE "public"."demo_gym_type" AS ENUM('PERSISTENT', 'TIME_LIMITED');--> statement-breakpoint
CREATE TYPE "public"."impersonation_action" AS ENUM('start', 'stop');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'open', 'paid', 'past_due', 'void');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('athlete', 'staff', 'owner', 'kilo_staff');--> statement-breakpoint
CREATE TYPE "public"."stripe_account_type" AS ENUM('standard', 'express', 'custom');--> statement-breakpoint
CREATE TYPE "public"."stripe_status" AS ENUM('Onboard', 'Active', 'Restricted', 'Disabled');--> statement-breakpoint
CREATE TYPE "public"."user_token_kind" AS ENUM('password_reset', 'activation');--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" "impersonation_action" NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"actor_profile_id" uuid,
	"target_profile_id" uuid,
	"gym_id" uuid,
	"ip" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profile_links" (
	"profile_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_links_profile_id_user_id_pk" PRIMARY KEY("profile_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gym_id" uuid,
	"role" "role" NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"login_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" uuid,
	"impersonator_user_id" uuid,
	"impersonator_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "user_token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_dismissals" (
	"banner_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_dismissals_banner_id_profile_id_pk" PRIMARY KEY("banner_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_gyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"type" "demo_gym_type" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"prospect_name" text,
	"prospect_email" text,
	"prospect_phone" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_gyms_gymId_unique" UNIQUE("gym_id")
);
--> statement-breakpoint
CREATE TABLE "gyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"email" text,
	"profile_picture" text,
	"country" "country" DEFAULT 'US' NOT NULL,
	"time_zone" text NOT NULL,
	"is_tax_inclusive" boolean DEFAULT false NOT NULL,
	"stripe_status" "stripe_status" DEFAULT 'Active' NOT NULL,
	"stripe_account_type" "stripe_account_type" DEFAULT 'standard' NOT NULL,
	"ghl_v_2_enabled" boolean DEFAULT false NOT NULL,
	"class_tax_rate_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "athletes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"gym_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text DEFAULT '' NOT NULL,
	"dob" date,
	"gender" text,
	"profile_picture" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athletes_profileId_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
CREATE TABLE "kilo_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"is_sales_team" boolean DEFAULT false NOT NULL,
	"profile_picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kilo_staff_profileId_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"gym_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"dob" date,
	"is_coach" boolean DEFAULT false NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"gender" text,
	"address_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"locality" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"address_country" text DEFAULT '' NOT NULL,
	"emergency_name" text DEFAULT '' NOT NULL,
	"emergency_phone" text DEFAULT '' NOT NULL,
	"medical_notes" text DEFAULT '' NOT NULL,
	"profile_picture" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_profileId_unique" UNIQUE("profile_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"status" "invoice_status" NOT NULL,
	"due_date" date NOT NULL,
	"total_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(7, 4) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"tax_rate_id" uuid,
	"cancellation_fee_minor" integer DEFAULT 0 NOT NULL,
	"no_show_fee_minor" integer DEFAULT 0 NOT NULL,
	"cancellation_credit_deduction" integer DEFAULT 0 NOT NULL,
	"no_show_credit_deduction" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"location_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_capacity_positive" CHECK ("appointments"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "athlete_appointments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gym_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
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
	CONSTRAINT "athlete_appointments_late_cancel_xor_no_show" CHECK (not ("athlete_appointments"."is_late_cancel" and "athlete_appointments"."is_no_show")),
	CONSTRAINT "athlete_appointments_fee_not_negative" CHECK ("athlete_appointments"."charge_fee_minor" is null or "athlete_appointments"."charge_fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "athlete_kilo_classes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gym_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
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
	CONSTRAINT "athlete_kilo_classes_late_cancel_xor_no_show" CHECK (not ("athlete_kilo_classes"."is_late_cancel" and "athlete_kilo_classes"."is_no_show")),
	CONSTRAINT "athlete_kilo_classes_fee_not_negative" CHECK ("athlete_kilo_classes"."charge_fee_minor" is null or "athlete_kilo_classes"."charge_fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"class_type_id" uuid NOT NULL,
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
	CONSTRAINT "classes_capacity_positive" CHECK ("classes"."capacity" > 0),
	CONSTRAINT "classes_duration_positive" CHECK ("classes"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "event_coaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"class_id" uuid,
	"appointment_id" uuid,
	"staff_id" uuid NOT NULL,
	"role" text DEFAULT 'lead' NOT NULL,
	CONSTRAINT "event_coaches_one_event" CHECK (("event_coaches"."class_id" is null) <> ("event_coaches"."appointment_id" is null))
);
--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_target_profile_id_profiles_id_fk" FOREIGN KEY ("target_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_links" ADD CONSTRAINT "profile_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_profile_id_profiles_id_fk" FOREIGN KEY ("impersonator_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_gyms" ADD CONSTRAINT "demo_gyms_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_gyms" ADD CONSTRAINT "demo_gyms_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athletes" ADD CONSTRAINT "athletes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athletes" ADD CONSTRAINT "athletes_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kilo_staff" ADD CONSTRAINT "kilo_staff_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_appointments" ADD CONSTRAINT "athlete_appointments_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_appointments" ADD CONSTRAINT "athlete_appointments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_appointments" ADD CONSTRAINT "athlete_appointments_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_appointments" ADD CONSTRAINT "athlete_appointments_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_appointments" ADD CONSTRAINT "athlete_appointments_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_kilo_classes" ADD CONSTRAINT "athlete_kilo_classes_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_kilo_classes" ADD CONSTRAINT "athlete_kilo_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_kilo_classes" ADD CONSTRAINT "athlete_kilo_classes_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_kilo_classes" ADD CONSTRAINT "athlete_kilo_classes_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_kilo_classes" ADD CONSTRAINT "athlete_kilo_classes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_audit_gym_idx" ON "impersonation_audit" USING btree ("gym_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_links_user_idx" ON "profile_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_user_idx" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_gym_role_idx" ON "profiles" USING btree ("gym_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_one_default_per_user" ON "profiles" USING btree ("user_id") WHERE "profiles"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_gym_role_key" ON "profiles" USING btree ("user_id","gym_id","role");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "banners_gym_idx" ON "banners" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "demo_gyms_expires_idx" ON "demo_gyms" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_gym_name_key" ON "locations" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "athletes_gym_idx" ON "athletes" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "athletes_gym_name_idx" ON "athletes" USING btree ("gym_id",lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE INDEX "notes_athlete_idx" ON "notes" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "staff_gym_idx" ON "staff" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "documents_athlete_idx" ON "documents" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "invoices_athlete_status_idx" ON "invoices" USING btree ("athlete_id","status");--> statement-breakpoint
CREATE INDEX "tax_rates_gym_idx" ON "tax_rates" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "appointment_types_gym_idx" ON "appointment_types" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "appointments_gym_date_idx" ON "appointments" USING btree ("gym_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_appointments_appointment_athlete_key" ON "athlete_appointments" USING btree ("appointment_id","athlete_id");--> statement-breakpoint
CREATE INDEX "athlete_appointments_athlete_idx" ON "athlete_appointments" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_kilo_classes_class_athlete_key" ON "athlete_kilo_classes" USING btree ("class_id","athlete_id");--> statement-breakpoint
CREATE INDEX "athlete_kilo_classes_athlete_idx" ON "athlete_kilo_classes" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "class_types_gym_idx" ON "class_types" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "classes_gym_date_idx" ON "classes" USING btree ("gym_id","start_date");--> statement-breakpoint
CREATE INDEX "classes_gym_type_time_idx" ON "classes" USING btree ("gym_id","class_type_id","start_time","start_date");--> statement-breakpoint
CREATE INDEX "event_coaches_class_idx" ON "event_coaches" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "event_coaches_appointment_idx" ON "event_coaches" USING btree ("appointment_id");