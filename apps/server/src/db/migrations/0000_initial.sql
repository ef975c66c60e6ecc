CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_record_reservations" (
	"restaurant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"table_number" integer,
	"delivery" boolean DEFAULT false NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	CONSTRAINT "client_record_reservations_pk" PRIMARY KEY("restaurant_id","user_id","reservation_id")
);
--> statement-breakpoint
CREATE TABLE "client_records" (
	"restaurant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_records_pk" PRIMARY KEY("restaurant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_tables_room_number_unique" UNIQUE("room_id","number"),
	CONSTRAINT "dining_tables_id_room_unique" UNIQUE("id","room_id"),
	CONSTRAINT "dining_tables_seats_check" CHECK ("dining_tables"."seats" >= 1),
	CONSTRAINT "dining_tables_number_check" CHECK ("dining_tables"."number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "error_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_products" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_products_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_restaurants" (
	"user_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_restaurants_pk" PRIMARY KEY("user_id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"invitee_email" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"invited_by" uuid,
	"accepted" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"comments" text,
	"preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"total_price_minor" integer NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"paid_by" uuid,
	"payment_type" text,
	"pending_to_confirmed" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 1),
	CONSTRAINT "orders_prices_check" CHECK ("orders"."unit_price_minor" >= 0 AND "orders"."total_price_minor" >= 0),
	CONSTRAINT "orders_points_check" CHECK ("orders"."points_spent" >= 0),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" IS NULL OR payment_type IN ('webpay', 'mobile_transfer', 'cash')),
	CONSTRAINT "orders_paid_check" CHECK (("orders"."paid_by" IS NULL) = ("orders"."paid_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "pending_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"tips_minor" integer DEFAULT 0 NOT NULL,
	"chosen_tips" text NOT NULL,
	"payment_type" text NOT NULL,
	"order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_payments_amounts_check" CHECK ("pending_payments"."amount_minor" >= 0 AND "pending_payments"."tips_minor" >= 0),
	CONSTRAINT "pending_payments_payment_type_check" CHECK (payment_type IN ('webpay', 'mobile_transfer', 'cash')),
	CONSTRAINT "pending_payments_status_check" CHECK (status IN ('open', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"key" text,
	"section" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"calories" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"vegan" boolean DEFAULT false NOT NULL,
	"vegetarian" boolean DEFAULT false NOT NULL,
	"preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" integer,
	"discount_type" text,
	"schedule_start" text,
	"schedule_end" text,
	"schedule_days" smallint[],
	"hidden" boolean DEFAULT false NOT NULL,
	"stock" integer,
	"prevent_sale_without_stock" boolean DEFAULT false NOT NULL,
	"points_price" integer,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_minor" >= 0),
	CONSTRAINT "products_calories_check" CHECK ("products"."calories" IS NULL OR "products"."calories" >= 0),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" IS NULL OR "products"."stock" >= 0),
	CONSTRAINT "products_points_price_check" CHECK ("products"."points_price" IS NULL OR "products"."points_price" >= 0),
	CONSTRAINT "products_vegan_implies_vegetarian_check" CHECK (NOT "products"."vegan" OR "products"."vegetarian"),
	CONSTRAINT "products_discount_type_check" CHECK ("products"."discount_type" IS NULL OR discount_type IN ('amount', 'percent')),
	CONSTRAINT "products_discount_check" CHECK (("products"."discount" IS NULL) = ("products"."discount_type" IS NULL) AND ("products"."discount" IS NULL OR ("products"."discount" >= 0 AND ("products"."discount_type" <> 'percent' OR "products"."discount" <= 100)))),
	CONSTRAINT "products_schedule_check" CHECK (("products"."schedule_start" IS NULL OR "products"."schedule_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') AND ("products"."schedule_end" IS NULL OR "products"."schedule_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') AND ("products"."schedule_days" IS NULL OR "products"."schedule_days" <@ ARRAY[0,1,2,3,4,5,6]::smallint[]))
);
--> statement-breakpoint
CREATE TABLE "reservation_members" (
	"reservation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_members_pk" PRIMARY KEY("reservation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"room_id" uuid,
	"table_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"comments" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"kind" text DEFAULT 'table' NOT NULL,
	"delivery_address" jsonb,
	"delivery_price_minor" integer,
	"created_by" uuid NOT NULL,
	"requested_assistance" boolean DEFAULT false NOT NULL,
	"orders_ready_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_quantity_check" CHECK ("reservations"."quantity" >= 1),
	CONSTRAINT "reservations_time_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_status_check" CHECK (status IN ('confirmed', 'seated', 'completed', 'cancelled')),
	CONSTRAINT "reservations_kind_check" CHECK (kind IN ('table', 'pickup', 'delivery')),
	CONSTRAINT "reservations_table_room_check" CHECK ("reservations"."table_id" IS NULL OR "reservations"."room_id" IS NOT NULL),
	CONSTRAINT "reservations_table_kind_check" CHECK ("reservations"."kind" = 'table' OR "reservations"."table_id" IS NULL),
	CONSTRAINT "reservations_delivery_check" CHECK ("reservations"."kind" <> 'delivery' OR "reservations"."delivery_address" IS NOT NULL),
	CONSTRAINT "reservations_delivery_price_check" CHECK ("reservations"."delivery_price_minor" IS NULL OR "reservations"."delivery_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_search" text GENERATED ALWAYS AS (translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüñçÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuunc')) STORED NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phone" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"pickup" boolean DEFAULT false NOT NULL,
	"delivery" jsonb DEFAULT '{"mode":"none"}'::jsonb NOT NULL,
	"payments" jsonb DEFAULT '{"webpay":true,"cash":true,"mobileTransfer":null}'::jsonb NOT NULL,
	"review_url" text,
	"points_rate_points" integer DEFAULT 1 NOT NULL,
	"points_rate_per_minor" integer DEFAULT 1000 NOT NULL,
	"suggested_tip_percent" smallint,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_slug_unique" UNIQUE("slug"),
	CONSTRAINT "restaurants_country_check" CHECK ("restaurants"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "restaurants_time_zone_check" CHECK ((TIMESTAMPTZ '2000-01-01 00:00:00+00' AT TIME ZONE "restaurants"."time_zone") IS NOT NULL),
	CONSTRAINT "restaurants_currency_check" CHECK (currency IN ('CLP', 'PEN', 'EUR', 'VES', 'USD')),
	CONSTRAINT "restaurants_lat_check" CHECK ("restaurants"."lat" BETWEEN -90 AND 90),
	CONSTRAINT "restaurants_lng_check" CHECK ("restaurants"."lng" BETWEEN -180 AND 180),
	CONSTRAINT "restaurants_points_rate_check" CHECK ("restaurants"."points_rate_points" >= 0 AND "restaurants"."points_rate_per_minor" > 0),
	CONSTRAINT "restaurants_suggested_tip_check" CHECK ("restaurants"."suggested_tip_percent" IS NULL OR "restaurants"."suggested_tip_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_restaurant_key_unique" UNIQUE("restaurant_id","key"),
	CONSTRAINT "rooms_id_restaurant_unique" UNIQUE("id","restaurant_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"tips_minor" integer DEFAULT 0 NOT NULL,
	"order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"payment_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"report" jsonb,
	"receipt_path" text,
	"bank_code" text,
	"reference" text,
	"transfer_date" date,
	"webpay_token" text,
	"buy_order" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_webpay_token_unique" UNIQUE("webpay_token"),
	CONSTRAINT "transactions_buy_order_unique" UNIQUE("buy_order"),
	CONSTRAINT "transactions_transfer_unique" UNIQUE("bank_code","reference","transfer_date"),
	CONSTRAINT "transactions_amounts_check" CHECK ("transactions"."amount_minor" >= 0 AND "transactions"."tips_minor" >= 0),
	CONSTRAINT "transactions_payment_type_check" CHECK (payment_type IN ('webpay', 'mobile_transfer', 'cash')),
	CONSTRAINT "transactions_status_check" CHECK (status IN ('pending', 'approved', 'rejected', 'aborted', 'timed_out'))
);
--> statement-breakpoint
CREATE TABLE "user_points" (
	"user_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_points_pk" PRIMARY KEY("user_id","restaurant_id"),
	CONSTRAINT "user_points_balance_check" CHECK ("user_points"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone_number" text,
	"locale" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_record_reservations" ADD CONSTRAINT "client_record_reservations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_record_reservations" ADD CONSTRAINT "client_record_reservations_record_fk" FOREIGN KEY ("restaurant_id","user_id") REFERENCES "public"."client_records"("restaurant_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_records" ADD CONSTRAINT "client_records_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_records" ADD CONSTRAINT "client_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_room_fk" FOREIGN KEY ("room_id","restaurant_id") REFERENCES "public"."rooms"("id","restaurant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_records" ADD CONSTRAINT "error_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_products" ADD CONSTRAINT "favorite_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_products" ADD CONSTRAINT "favorite_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_restaurants" ADD CONSTRAINT "favorite_restaurants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_restaurants" ADD CONSTRAINT "favorite_restaurants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_payments" ADD CONSTRAINT "pending_payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_members" ADD CONSTRAINT "reservation_members_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_members" ADD CONSTRAINT "reservation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_fk" FOREIGN KEY ("room_id","restaurant_id") REFERENCES "public"."rooms"("id","restaurant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_fk" FOREIGN KEY ("table_id","room_id") REFERENCES "public"."dining_tables"("id","room_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_points" ADD CONSTRAINT "user_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_points" ADD CONSTRAINT "user_points_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "analytics_events_name_created_idx" ON "analytics_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "client_record_reservations_reservation_idx" ON "client_record_reservations" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "client_records_user_idx" ON "client_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "error_records_created_idx" ON "error_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "favorite_products_product_idx" ON "favorite_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favorite_restaurants_restaurant_idx" ON "favorite_restaurants" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_unique" ON "invitations" USING btree ("reservation_id",lower("invitee_email")) WHERE "invitations"."accepted" IS NULL;--> statement-breakpoint
CREATE INDEX "invitations_user_created_idx" ON "invitations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("invitee_email"));--> statement-breakpoint
CREATE INDEX "invitations_reservation_idx" ON "invitations" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "orders_reservation_idx" ON "orders" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_payments_open_merge_unique" ON "pending_payments" USING btree ("reservation_id","payer_user_id","chosen_tips","payment_type") WHERE "pending_payments"."status" = 'open';--> statement-breakpoint
CREATE INDEX "pending_payments_payer_idx" ON "pending_payments" USING btree ("payer_user_id");--> statement-breakpoint
CREATE INDEX "products_restaurant_section_idx" ON "products" USING btree ("restaurant_id","section","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_restaurant_key_unique" ON "products" USING btree ("restaurant_id","key");--> statement-breakpoint
CREATE INDEX "reservation_members_user_idx" ON "reservation_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_restaurant_starts_idx" ON "reservations" USING btree ("restaurant_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_created_by_idx" ON "reservations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "restaurants_name_search_id_idx" ON "restaurants" USING btree ("name_search","id");--> statement-breakpoint
CREATE INDEX "restaurants_category_idx" ON "restaurants" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transactions_restaurant_created_idx" ON "transactions" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_reservation_idx" ON "transactions" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "transactions_payer_idx" ON "transactions" USING btree ("payer_user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");