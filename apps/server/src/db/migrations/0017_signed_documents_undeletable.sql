-- Issue 32 (decision 041): a signed document and its signature can be deleted no more than changed (migration 0013
-- refuses their UPDATE). A row DELETE, a cascade from its athlete or gym, and a TRUNCATE are refused alike; unsigned
-- documents stay deletable.
CREATE FUNCTION "refuse_signed_document_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A signed document cannot be deleted.' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_signed_undeletable" BEFORE DELETE ON "documents" FOR EACH ROW WHEN (OLD."signed_at" IS NOT NULL) EXECUTE FUNCTION "refuse_signed_document_delete"();--> statement-breakpoint
CREATE TRIGGER "document_signatures_undeletable" BEFORE DELETE ON "document_signatures" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_document_delete"();--> statement-breakpoint
CREATE TRIGGER "documents_untruncatable" BEFORE TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_signed_document_delete"();--> statement-breakpoint
CREATE TRIGGER "document_signatures_untruncatable" BEFORE TRUNCATE ON "document_signatures" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_signed_document_delete"();
