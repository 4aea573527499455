CREATE INDEX "notes_pinned_idx" ON "notes" USING btree ("athlete_id") WHERE "notes"."is_pinned";--> statement-breakpoint
CREATE INDEX "documents_unsigned_idx" ON "documents" USING btree ("athlete_id") WHERE "documents"."signed_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_past_due_idx" ON "invoices" USING btree ("athlete_id") WHERE "invoices"."status" = 'past_due';