-- Issue 32, decision 041: the counters take rate-limiter-flexible's shape; the old failure counts go.
DELETE FROM "login_throttles";--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "expire" bigint;--> statement-breakpoint
ALTER TABLE "login_throttles" DROP COLUMN "failures";--> statement-breakpoint
ALTER TABLE "login_throttles" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "login_throttles" DROP COLUMN "locked_until";
