ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 34: calendar apps keep an event's old time unless its SEQUENCE grows (RFC 5545 3.8.7.4). Every write that
-- moves a class or appointment, changes its length or place, or cancels or restores it counts one more.
CREATE OR REPLACE FUNCTION "events_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.starts_at IS DISTINCT FROM OLD.starts_at OR NEW.duration_minutes IS DISTINCT FROM OLD.duration_minutes
    OR NEW.location_id IS DISTINCT FROM OLD.location_id OR NEW.room_id IS DISTINCT FROM OLD.room_id
    OR (NEW.cancelled_at IS NULL) IS DISTINCT FROM (OLD.cancelled_at IS NULL) THEN
    NEW.sequence := OLD.sequence + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_sequence" BEFORE UPDATE OF "starts_at", "duration_minutes", "location_id", "room_id", "cancelled_at" ON "events" FOR EACH ROW EXECUTE FUNCTION "events_sequence"();
