CREATE TYPE "public"."athlete_package_source" AS ENUM('staff', 'sales_portal', 'athlete_app', 'import', 'seed');--> statement-breakpoint
CREATE TYPE "public"."billing_interval" AS ENUM('week', 'month', 'year');--> statement-breakpoint
CREATE TYPE "public"."billing_start" AS ENUM('purchase', 'day_of_month');--> statement-breakpoint
CREATE TYPE "public"."credit_reason" AS ENUM('grant', 'booking', 'cancel_restore', 'late_cancel', 'no_show', 'renewal', 'adjustment', 'expiry');--> statement-breakpoint
CREATE TYPE "public"."product_kind" AS ENUM('retail', 'fee');--> statement-breakpoint
CREATE TYPE "public"."session_period" AS ENUM('week', 'month');--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"interval" "billing_interval" DEFAULT 'month' NOT NULL,
	"interval_count" integer DEFAULT 1 NOT NULL,
	"payment_count" integer,
	"starts_on" "billing_start" DEFAULT 'purchase' NOT NULL,
	"day_of_month" integer,
	"prorate" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_numbers" CHECK ("billing_plans"."price_minor" >= 0 and "billing_plans"."interval_count" > 0 and coalesce("billing_plans"."payment_count", 1) > 0),
	CONSTRAINT "billing_plans_day_of_month" CHECK (("billing_plans"."starts_on" = 'purchase' and "billing_plans"."day_of_month" is null) or ("billing_plans"."starts_on" = 'day_of_month' and "billing_plans"."day_of_month" between 1 and 28))
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gym_id" uuid NOT NULL,
	"athlete_package_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" "credit_reason" NOT NULL,
	"reservation_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_delta_not_zero" CHECK ("credit_ledger"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "package_appointment_types" (
	"package_id" uuid NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	CONSTRAINT "package_appointment_types_package_id_appointment_type_id_pk" PRIMARY KEY("package_id","appointment_type_id")
);
--> statement-breakpoint
CREATE TABLE "package_class_types" (
	"package_id" uuid NOT NULL,
	"class_type_id" uuid NOT NULL,
	CONSTRAINT "package_class_types_package_id_class_type_id_pk" PRIMARY KEY("package_id","class_type_id")
);
--> statement-breakpoint
CREATE TABLE "product_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"athlete_id" uuid,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"tax_percent" text,
	"net_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"idempotency_key" text,
	"sold_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sales_quantity_positive" CHECK ("product_sales"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"kind" "product_kind" NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"tax_rate_id" uuid,
	"stock_count" integer,
	"low_stock_threshold" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_not_negative" CHECK (coalesce("products"."stock_count", 0) >= 0 and coalesce("products"."low_stock_threshold", 0) >= 0),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_minor" >= 0),
	CONSTRAINT "products_fee_has_no_stock" CHECK ("products"."kind" = 'retail' or "products"."stock_count" is null)
);
--> statement-breakpoint
CREATE TABLE "sales_portals" (
	"gym_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"accent_color" text DEFAULT 'blue' NOT NULL,
	"allow_pay_at_desk" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_portals_slug_shape" CHECK ("sales_portals"."slug" ~ '^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$')
);
--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "billing_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "sign_up_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "next_billing_date" date;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "hold_starts_on" date;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "hold_ends_on" date;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "source" "athlete_package_source" DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "sold_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "sessions_limit" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "sessions_per" "session_period";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "limit_per_day" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "limit_per_week" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "covers_all_class_types" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "covers_all_appointment_types" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "sign_up_fee_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "family_sharing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "show_in_portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "portal_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "cancellation_notice_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "document_template_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "booking_credit_cost" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_types" ADD COLUMN "booking_credit_cost" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "athlete_package_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_athlete_package_id_athlete_packages_id_fk" FOREIGN KEY ("athlete_package_id") REFERENCES "public"."athlete_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_appointment_types" ADD CONSTRAINT "package_appointment_types_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_appointment_types" ADD CONSTRAINT "package_appointment_types_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_class_types" ADD CONSTRAINT "package_class_types_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_class_types" ADD CONSTRAINT "package_class_types_class_type_id_class_types_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales" ADD CONSTRAINT "product_sales_sold_by_user_id_users_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_portals" ADD CONSTRAINT "sales_portals_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_plans_package_idx" ON "billing_plans" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "billing_plans_gym_idx" ON "billing_plans" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_package_idx" ON "credit_ledger" USING btree ("athlete_package_id","seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_reservation_idx" ON "credit_ledger" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "package_appointment_types_type_idx" ON "package_appointment_types" USING btree ("appointment_type_id");--> statement-breakpoint
CREATE INDEX "package_class_types_type_idx" ON "package_class_types" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "product_sales_gym_idx" ON "product_sales" USING btree ("gym_id","created_at");--> statement-breakpoint
CREATE INDEX "product_sales_product_idx" ON "product_sales" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sales_idempotency_key" ON "product_sales" USING btree ("gym_id","idempotency_key") WHERE "product_sales"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "products_gym_kind_idx" ON "products" USING btree ("gym_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "products_gym_sku_key" ON "products" USING btree ("gym_id",lower("sku")) WHERE "products"."sku" is not null and "products"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_portals_slug_key" ON "sales_portals" USING btree (lower("slug"));--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_billing_plan_id_billing_plans_id_fk" FOREIGN KEY ("billing_plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_sold_by_user_id_users_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_athlete_package_id_athlete_packages_id_fk" FOREIGN KEY ("athlete_package_id") REFERENCES "public"."athlete_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "athlete_packages_package_idx" ON "athlete_packages" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "athlete_packages_idempotency_key" ON "athlete_packages" USING btree ("gym_id","idempotency_key") WHERE "athlete_packages"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_gym_name_key" ON "packages" USING btree ("gym_id",lower("name")) WHERE "packages"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "reservations_athlete_package_idx" ON "reservations" USING btree ("athlete_package_id") WHERE "reservations"."athlete_package_id" is not null;--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_hold_range" CHECK (("athlete_packages"."hold_starts_on" is null) = ("athlete_packages"."hold_ends_on" is null) and coalesce("athlete_packages"."hold_ends_on" >= "athlete_packages"."hold_starts_on", true));--> statement-breakpoint
ALTER TABLE "athlete_packages" ADD CONSTRAINT "athlete_packages_money" CHECK ("athlete_packages"."price_minor" >= 0 and "athlete_packages"."sign_up_fee_minor" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_numbers" CHECK (coalesce("packages"."credits", 1) > 0 and coalesce("packages"."sessions_limit", 1) > 0 and coalesce("packages"."validity_days", 1) > 0 and coalesce("packages"."limit_per_day", 1) > 0 and coalesce("packages"."limit_per_week", 1) > 0 and "packages"."sign_up_fee_minor" >= 0 and "packages"."cancellation_notice_days" >= 0);--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_sessions_per" CHECK (("packages"."sessions_limit" is null) = ("packages"."sessions_per" is null));