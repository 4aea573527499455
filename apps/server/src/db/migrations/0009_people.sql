CREATE TYPE "public"."athlete_package_status" AS ENUM('active', 'on_hold', 'cancelled', 'ended');--> statement-breakpoint
CREATE TYPE "public"."package_kind" AS ENUM('membership', 'class_pack', 'drop_in', 'trial');--> statement-breakpoint
CREATE TABLE "athlete_tags" (
	"athlete_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"gym_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_tags_athlete_id_tag_id_pk" PRIMARY KEY("athlete_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_profile_id" uuid,
	"actor_name" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'gray' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "athlete_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"status" "athlete_package_status" DEFAULT 'active' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "package_kind" NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "address_lines" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "locality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "address_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "emergency_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "emergency_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "medical_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "created_by_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "athlete_tags" ADD CONSTRAINT "athlete_tags_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_tags" ADD CONSTRAINT "athlete_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_tags" ADD CONSTRAINT "athlete_tags_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "athlete_tags_tag_idx" ON "athlete_tags" USING btree ("tag_id","athlete_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("gym_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_gym_name_key" ON "tags" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "athlete_packages_athlete_idx" ON "athlete_packages" USING btree ("athlete_id","status");--> statement-breakpoint
CREATE INDEX "athlete_packages_gym_status_idx" ON "athlete_packages" USING btree ("gym_id","status","athlete_id");--> statement-breakpoint
CREATE INDEX "packages_gym_idx" ON "packages" USING btree ("gym_id");--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_profile_id_profiles_id_fk" FOREIGN KEY ("created_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "athletes_gym_email_key" ON "athletes" USING btree ("gym_id",lower("email")) WHERE "athletes"."email" is not null and "athletes"."email" <> '';--> statement-breakpoint
CREATE INDEX "athletes_gym_created_idx" ON "athletes" USING btree ("gym_id","created_at");