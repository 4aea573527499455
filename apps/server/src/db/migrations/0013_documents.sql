CREATE TABLE "document_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"signer_name" text NOT NULL,
	"athlete_name" text NOT NULL,
	"signer_profile_id" uuid,
	"method" text NOT NULL,
	"signature_image" text,
	"typed_name" text,
	"initials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"via" text NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_signatures_documentId_unique" UNIQUE("document_id")
);
--> statement-breakpoint
CREATE TABLE "document_template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"requires_signature" boolean DEFAULT true NOT NULL,
	"initial_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gym_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"required_on_sign_up" boolean DEFAULT false NOT NULL,
	"required_before_booking" boolean DEFAULT false NOT NULL,
	"package_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "documents_unsigned_idx";--> statement-breakpoint
DROP INDEX "documents_gym_unsigned_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "signing_document_id" uuid;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "address_lines" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "locality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "template_version_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "type" text DEFAULT 'waiver' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "athlete_package_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issued_by_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_signer_profile_id_profiles_id_fk" FOREIGN KEY ("signer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_template_versions" ADD CONSTRAINT "document_template_versions_created_by_profile_id_profiles_id_fk" FOREIGN KEY ("created_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_signatures_gym_idx" ON "document_signatures" USING btree ("gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_template_versions_key" ON "document_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "document_templates_gym_idx" ON "document_templates" USING btree ("gym_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_template_version_id_document_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."document_template_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_athlete_package_id_athlete_packages_id_fk" FOREIGN KEY ("athlete_package_id") REFERENCES "public"."athlete_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_issued_by_profile_id_profiles_id_fk" FOREIGN KEY ("issued_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_gym_issued_idx" ON "documents" USING btree ("gym_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_open_template_key" ON "documents" USING btree ("athlete_id","template_id") WHERE "documents"."signed_at" is null and "documents"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "documents_unsigned_idx" ON "documents" USING btree ("athlete_id") WHERE "documents"."signed_at" is null and "documents"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "documents_gym_unsigned_idx" ON "documents" USING btree ("gym_id","athlete_id") WHERE "documents"."signed_at" is null and "documents"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_signed_or_voided" CHECK ("documents"."signed_at" is null or "documents"."voided_at" is null);--> statement-breakpoint
CREATE FUNCTION "refuse_signed_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A signed document cannot be changed.' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_signed_immutable" BEFORE UPDATE ON "documents" FOR EACH ROW WHEN (OLD."signed_at" IS NOT NULL) EXECUTE FUNCTION "refuse_signed_document_change"();--> statement-breakpoint
CREATE TRIGGER "document_signatures_immutable" BEFORE UPDATE ON "document_signatures" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_document_change"();--> statement-breakpoint
CREATE TRIGGER "document_template_versions_immutable" BEFORE UPDATE ON "document_template_versions" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_document_change"();
