CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "booking_horizon_days" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "max_party_size" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "max_takeaway_party_size" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "max_reservations_per_user" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "max_reservations_per_guest" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_buckets_updated_idx" ON "rate_buckets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_created_idx" ON "invitations" USING btree ("invited_by","created_at");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_booking_limits_check" CHECK ("restaurants"."booking_horizon_days" BETWEEN 1 AND 366 AND "restaurants"."max_party_size" BETWEEN 1 AND 100 AND "restaurants"."max_takeaway_party_size" BETWEEN 1 AND 100 AND "restaurants"."max_reservations_per_user" BETWEEN 1 AND 1000 AND "restaurants"."max_reservations_per_guest" BETWEEN 1 AND 1000);