-- The content version also notifies: a process on an embedded database (PGlite) learns of a new
-- version without asking for it on every list request. The payload is constant, so PostgreSQL
-- sends one notification per transaction however many rows it changed.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "content_version" ("id", "version") VALUES (1, 1)
  ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1;
  PERFORM pg_notify('qy_content_version', '');
  RETURN NULL;
END
$$;
