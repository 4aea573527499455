CREATE TYPE "public"."banner_audience" AS ENUM('gym_staff', 'athletes', 'platform_staff');--> statement-breakpoint
-- Issue 23: every banner written before audiences was for gyms' staff and owners (the seeded kiosk news, each gym's
-- welcome), so the existing rows take that audience; the default is then dropped, so a new row must name its own.
ALTER TABLE "banners" ADD COLUMN "audiences" "banner_audience"[] DEFAULT '{gym_staff}' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "audiences" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_audiences_not_empty" CHECK (cardinality("banners"."audiences") > 0);
