CREATE SEQUENCE "public"."reservation_waitlist_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "waitlist_seq" bigint;--> statement-breakpoint
-- Rows already marked waitlisted (none are written by the app before this) take their place in line by registration
-- time and hold no place; a checked-in one was never waiting.
UPDATE "reservations" SET "is_waitlisted" = false WHERE "is_waitlisted" AND "is_checked_in";--> statement-breakpoint
WITH "line" AS (SELECT "id", row_number() OVER (ORDER BY "registration_datetime", "id") AS "n" FROM "reservations" WHERE "is_waitlisted")
UPDATE "reservations" SET "waitlist_seq" = "line"."n", "is_reserved" = false FROM "line" WHERE "reservations"."id" = "line"."id";--> statement-breakpoint
SELECT setval('reservation_waitlist_seq', coalesce((SELECT max("waitlist_seq") FROM "reservations"), 0) + 1, false);--> statement-breakpoint
CREATE INDEX "reservations_event_waitlist_idx" ON "reservations" USING btree ("event_id","waitlist_seq") WHERE "reservations"."is_waitlisted";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_waitlisted_holds_no_place" CHECK (not "reservations"."is_waitlisted" or (not "reservations"."is_reserved" and not "reservations"."is_checked_in" and "reservations"."waitlist_seq" is not null));