DROP INDEX "invitations_pending_unique";--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "by_companion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "share_token" text DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_share_token_unique" ON "reservations" USING btree ("share_token");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_unique" ON "invitations" USING btree ("reservation_id",lower("invitee_email")) WHERE "invitations"."accepted" IS NULL AND "invitations"."revoked_at" IS NULL;