-- Nothing ever wrote the old shape (user-linked events); its rows, if any, cannot take the new columns.
DELETE FROM "analytics_events";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "analytics_events_name_created_idx";--> statement-breakpoint
ALTER TABLE "analytics_events" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "visitor_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "restaurant_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "occurred_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "received_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_events_funnel_idx" ON "analytics_events" USING btree ("restaurant_id","occurred_at","name","visitor_id");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_name_check" CHECK (name IN ('page_view', 'search', 'restaurant', 'menu', 'add_to_cart', 'send_order', 'reserve', 'invite', 'pay'));