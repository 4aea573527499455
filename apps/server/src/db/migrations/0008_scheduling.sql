CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_type_coaches" (
	"gym_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "appointment_type_coaches_appointment_type_id_staff_id_pk" PRIMARY KEY("appointment_type_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "class_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"class_type_id" uuid NOT NULL,
	"location_id" uuid,
	"room_id" uuid,
	"rrule" text NOT NULL,
	"start_time" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date,
	"materialized_through" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_series_positive" CHECK ("class_series"."duration_minutes" > 0 and "class_series"."capacity" > 0),
	CONSTRAINT "class_series_dates" CHECK ("class_series"."last_date" is null or "class_series"."last_date" >= "class_series"."first_date")
);
--> statement-breakpoint
CREATE TABLE "class_series_coaches" (
	"gym_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"role" text DEFAULT 'lead' NOT NULL,
	CONSTRAINT "class_series_coaches_series_id_staff_id_pk" PRIMARY KEY("series_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "coach_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "coach_availability_hours" CHECK ("coach_availability"."weekday" between 1 and 7 and "coach_availability"."end_time" > "coach_availability"."start_time")
);
--> statement-breakpoint
CREATE TABLE "coach_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "coach_time_off_range" CHECK ("coach_time_off"."ends_at" > "coach_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"class_type_id" uuid NOT NULL,
	"date" date NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"reply_to" text,
	"dedupe_key" text,
	"is_sensitive" boolean DEFAULT false NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_dedupeKey_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_outbox_attempts" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "color" text DEFAULT 'cyan' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "buffer_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "late_cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "default_duration_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "default_capacity" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "cancellation_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "no_show_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "cancellation_credit_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "no_show_credit_deduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD COLUMN "starts_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD COLUMN "busy_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_coaches" ADD COLUMN "is_cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "room_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "busy_until" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Issue 16 (decision 026). Each class or appointment knows when it ends and until when its coaches and room are taken
-- (an appointment: plus its type's buffer); a trigger computes both on every insert and every change of the start or
-- duration, whoever writes.
CREATE FUNCTION "events_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ends_at" := NEW."starts_at" + make_interval(mins => NEW."duration_minutes");
  NEW."busy_until" := NEW."ends_at" + make_interval(mins => coalesce((SELECT "buffer_minutes" FROM "appointment_types" WHERE "id" = NEW."appointment_type_id"), 0));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_times" BEFORE INSERT OR UPDATE OF "starts_at", "duration_minutes" ON "events" FOR EACH ROW EXECUTE FUNCTION "events_times"();--> statement-breakpoint
UPDATE "events" SET "starts_at" = "starts_at";--> statement-breakpoint
-- A coach's assignment carries its event's time taken and whether it is cancelled, so that one exclusion constraint
-- keeps a coach out of two places at once (below). Triggers keep the copies equal to the event.
CREATE FUNCTION "event_coaches_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."starts_at", e."busy_until", e."cancelled_at" IS NOT NULL INTO NEW."starts_at", NEW."busy_until", NEW."is_cancelled" FROM "events" e WHERE e."id" = NEW."event_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_coaches_fill" BEFORE INSERT OR UPDATE ON "event_coaches" FOR EACH ROW EXECUTE FUNCTION "event_coaches_fill"();--> statement-breakpoint
CREATE FUNCTION "events_sync_coaches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "event_coaches" SET "event_id" = "event_id" WHERE "event_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_sync_coaches" AFTER UPDATE OF "starts_at", "duration_minutes", "busy_until", "cancelled_at" ON "events" FOR EACH ROW
  WHEN (OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."busy_until" IS DISTINCT FROM NEW."busy_until" OR (OLD."cancelled_at" IS NULL) <> (NEW."cancelled_at" IS NULL))
  EXECUTE FUNCTION "events_sync_coaches"();--> statement-breakpoint
UPDATE "event_coaches" SET "event_id" = "event_id";--> statement-breakpoint
-- Data made before this migration may name a coach twice on one event, or on events that overlap (the seed's classes
-- around "now"): the later assignment goes, so the constraints below can hold.
DELETE FROM "event_coaches" a USING "event_coaches" b
  WHERE a."event_id" = b."event_id" AND a."staff_id" = b."staff_id" AND a."id" > b."id";--> statement-breakpoint
DELETE FROM "event_coaches" a USING "event_coaches" b
  WHERE a."staff_id" = b."staff_id" AND a."id" <> b."id" AND NOT a."is_cancelled" AND NOT b."is_cancelled"
    AND tstzrange(a."starts_at", a."busy_until") && tstzrange(b."starts_at", b."busy_until")
    AND (a."starts_at", a."id") > (b."starts_at", b."id");--> statement-breakpoint
-- Class types take the fees and tax rate their latest class was scheduled with (new classes copy them from the type).
UPDATE "class_types" ct SET "cancellation_fee_minor" = e."cancellation_fee_minor", "no_show_fee_minor" = e."no_show_fee_minor",
    "cancellation_credit_deduction" = e."cancellation_credit_deduction", "no_show_credit_deduction" = e."no_show_credit_deduction", "tax_rate_id" = e."tax_rate_id"
  FROM (SELECT DISTINCT ON ("class_type_id") * FROM "events" WHERE "class_type_id" IS NOT NULL ORDER BY "class_type_id", "starts_at" DESC) e
  WHERE e."class_type_id" = ct."id";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Issue 16: a coach or a room is never booked twice at once; the database refuses it, whoever writes. Checked at commit,
-- so a write that moves several classes may pass through overlaps on the way.
ALTER TABLE "event_coaches" ADD CONSTRAINT "event_coaches_no_overlap" EXCLUDE USING gist ("staff_id" WITH =, tstzrange("starts_at", "busy_until") WITH &&)
  WHERE (NOT "is_cancelled") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "busy_until") WITH &&)
  WHERE ("room_id" IS NOT NULL AND "cancelled_at" IS NULL) DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_coaches" ADD CONSTRAINT "appointment_type_coaches_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_coaches" ADD CONSTRAINT "appointment_type_coaches_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_type_coaches" ADD CONSTRAINT "appointment_type_coaches_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series_coaches" ADD CONSTRAINT "class_series_coaches_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series_coaches" ADD CONSTRAINT "class_series_coaches_series_id_class_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."class_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series_coaches" ADD CONSTRAINT "class_series_coaches_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_availability" ADD CONSTRAINT "coach_availability_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_availability" ADD CONSTRAINT "coach_availability_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_time_off" ADD CONSTRAINT "coach_time_off_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_time_off" ADD CONSTRAINT "coach_time_off_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_location_name_key" ON "rooms" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rooms_gym_idx" ON "rooms" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "appointment_type_coaches_staff_idx" ON "appointment_type_coaches" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_key" ON "calendar_feeds" USING btree ("profile_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "class_series_gym_idx" ON "class_series" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "coach_availability_staff_idx" ON "coach_availability" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "coach_time_off_staff_idx" ON "coach_time_off" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workouts_type_date_key" ON "workouts" USING btree ("gym_id","class_type_id","date");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_gym_idx" ON "mail_outbox" USING btree ("gym_id","created_at");--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_class_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."class_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_types_gym_name_key" ON "appointment_types" USING btree ("gym_id",lower("name")) WHERE "appointment_types"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_types_gym_name_key" ON "class_types" USING btree ("gym_id",lower("name")) WHERE "class_types"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_coaches_event_staff_key" ON "event_coaches" USING btree ("event_id","staff_id");--> statement-breakpoint
CREATE INDEX "event_coaches_staff_starts_idx" ON "event_coaches" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_gym_starts_idx" ON "events" USING btree ("gym_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_occurrence_key" ON "events" USING btree ("series_id","occurrence_date") WHERE "events"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_settings" CHECK ("appointment_types"."duration_minutes" > 0 and "appointment_types"."price_minor" >= 0 and "appointment_types"."buffer_minutes" >= 0 and "appointment_types"."capacity" > 0 and "appointment_types"."late_cancel_cutoff_minutes" >= 0 and "appointment_types"."cancellation_fee_minor" >= 0 and "appointment_types"."no_show_fee_minor" >= 0 and "appointment_types"."cancellation_credit_deduction" >= 0 and "appointment_types"."no_show_credit_deduction" >= 0);--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_defaults_positive" CHECK ("class_types"."default_duration_minutes" > 0 and "class_types"."default_capacity" > 0);--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_fees_not_negative" CHECK ("class_types"."cancellation_fee_minor" >= 0 and "class_types"."no_show_fee_minor" >= 0 and "class_types"."cancellation_credit_deduction" >= 0 and "class_types"."no_show_credit_deduction" >= 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" > "events"."starts_at" and "events"."busy_until" >= "events"."ends_at");