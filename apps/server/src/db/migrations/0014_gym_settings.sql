CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "class_defaults" jsonb DEFAULT '{"bookingOpensDays":null,"bookingClosesMinutes":0,"lateCancelCutoffMinutes":0,"cancellationFeeMinor":0,"noShowFeeMinor":0,"cancellationCreditDeduction":0,"noShowCreditDeduction":0,"waitlistEnabled":true,"waitlistSize":null,"promotionCutoffMinutes":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "kiosk_settings" jsonb DEFAULT '{"athleteModeShowsAppointments":true,"athleteModeShowsPhotos":true,"athleteModeShowsEligible":true,"allowWalkInsWithoutPackage":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_gym_kind_key" ON "message_templates" USING btree ("gym_id","kind");--> statement-breakpoint
CREATE INDEX "mail_outbox_gym_to_idx" ON "mail_outbox" USING btree ("gym_id",lower("to_address"),"created_at");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_window" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."starts_at" < "banners"."ends_at");