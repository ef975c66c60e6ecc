CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pending_payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_minor" > 0),
	CONSTRAINT "payment_allocations_status_check" CHECK (status IN ('held', 'pending', 'paid', 'released'))
);
--> statement-breakpoint
CREATE TABLE "restaurant_staff" (
	"restaurant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_staff_pk" PRIMARY KEY("restaurant_id","user_id"),
	CONSTRAINT "restaurant_staff_role_check" CHECK (role IN ('owner', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "pending_payments" DROP CONSTRAINT "pending_payments_status_check";--> statement-breakpoint
ALTER TABLE "pending_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "pending_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_pending_payment_id_pending_payments_id_fk" FOREIGN KEY ("pending_payment_id") REFERENCES "public"."pending_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_staff" ADD CONSTRAINT "restaurant_staff_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_staff" ADD CONSTRAINT "restaurant_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_payment_order_unique" ON "payment_allocations" USING btree ("pending_payment_id","order_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_order_idx" ON "payment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "restaurant_staff_user_idx" ON "restaurant_staff" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_pending_payment_id_pending_payments_id_fk" FOREIGN KEY ("pending_payment_id") REFERENCES "public"."pending_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_payments_open_expiry_idx" ON "pending_payments" USING btree ("reservation_id","expires_at") WHERE "pending_payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "transactions_pending_payment_idx" ON "transactions" USING btree ("pending_payment_id");--> statement-breakpoint
-- open entries written before this migration (none by the app: no endpoint wrote them) expire at once
UPDATE "pending_payments" SET "expires_at" = now() WHERE "status" = 'open' AND "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_expiry_check" CHECK (("pending_payments"."status" = 'open') = ("pending_payments"."expires_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_status_check" CHECK (status IN ('open', 'processing', 'paid', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_points_check" CHECK ("transactions"."points_earned" >= 0);