ALTER TABLE "class_types" ADD COLUMN "booking_opens_days" integer;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "booking_closes_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "late_cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "waitlist_size" integer;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "promotion_cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_booking_settings" CHECK (coalesce("class_types"."booking_opens_days", 0) >= 0 and "class_types"."booking_closes_minutes" >= 0 and "class_types"."late_cancel_cutoff_minutes" >= 0 and "class_types"."promotion_cutoff_minutes" >= 0 and coalesce("class_types"."waitlist_size", 1) >= 0);