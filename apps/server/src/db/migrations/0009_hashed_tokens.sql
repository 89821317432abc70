-- Session tokens and verification identifiers are stored as their SHA-256 (base64url, no padding), the
-- form apps/server/src/modules/auth/session-store.ts gives them: sessions and reset links issued before
-- this migration keep working.
UPDATE "sessions" SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');
--> statement-breakpoint
UPDATE "verifications" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
