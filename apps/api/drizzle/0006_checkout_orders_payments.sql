CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"variant_id" integer,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"vendor" text NOT NULL,
	"image" jsonb,
	"product_url" text NOT NULL,
	"quantity" smallint NOT NULL,
	"price" integer NOT NULL,
	"discounted_price" integer NOT NULL,
	"line_price" integer NOT NULL,
	"gift" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"token" text NOT NULL,
	"customer_id" integer,
	"guest_id" text,
	"cart_id" integer,
	"idempotency_key" text,
	"status" text DEFAULT 'placed' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"delivery_type" text NOT NULL,
	"zone" text,
	"store_location_id" integer,
	"store_location" jsonb,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"subtotal" integer NOT NULL,
	"rebate" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"shipping_waived" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"currency" text DEFAULT 'BDT' NOT NULL,
	"coupon_id" integer,
	"coupon_code" text,
	"referral_code" text,
	"affiliate" jsonb,
	"multi_card_name" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_token_unique" UNIQUE("token"),
	CONSTRAINT "orders_one_owner" CHECK (("orders"."customer_id" is null) <> ("orders"."guest_id" is null)),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('cod', 'bkash', 'card', 'cash_on_pickup')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."shipping" >= 0 and "orders"."total" >= 0 and "orders"."total" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"guest_id" text,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"company" text DEFAULT '' NOT NULL,
	"division" text NOT NULL,
	"location" text NOT NULL,
	"area" text NOT NULL,
	"address_detail" text NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_one_owner" CHECK (("addresses"."customer_id" is null) <> ("addresses"."guest_id" is null)),
	CONSTRAINT "addresses_type" CHECK ("addresses"."type" in ('shipping', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "checkout_drafts" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"shipping_address_id" integer,
	"billing_address_id" integer,
	"store_location_id" integer,
	"delivery_type" text DEFAULT 'standard' NOT NULL,
	"payment_method" text,
	"multi_card_name" text,
	"coupon_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"guest_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"buy_quantity" smallint,
	"get_quantity" smallint,
	"collection_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y')),
	CONSTRAINT "coupons_percentage" CHECK ("coupons"."kind" <> 'percentage' or "coupons"."value" between 1 and 100),
	CONSTRAINT "coupons_fixed" CHECK ("coupons"."kind" <> 'fixed_amount' or ("coupons"."value" > 0 and "coupons"."value" % 100 = 0)),
	CONSTRAINT "coupons_bxgy" CHECK ("coupons"."kind" <> 'buy_x_get_y' or ("coupons"."buy_quantity" >= 1 and "coupons"."get_quantity" >= 1)),
	CONSTRAINT "coupons_used" CHECK ("coupons"."used_count" >= 0 and ("coupons"."usage_limit" is null or "coupons"."used_count" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"invoice" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'BDT' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"redirect_url" text,
	"gateway_trx_id" text,
	"val_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('bkash', 'sslcommerz')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'cancelled', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_key_idx" ON "orders" USING btree ("customer_id","idempotency_key") WHERE "orders"."customer_id" is not null and "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_key_idx" ON "orders" USING btree ("guest_id","idempotency_key") WHERE "orders"."guest_id" is not null and "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_guest_idx" ON "orders" USING btree ("guest_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_unnotified_idx" ON "orders" USING btree ("id") WHERE "orders"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer_id","type","id");--> statement-breakpoint
CREATE INDEX "addresses_guest_idx" ON "addresses" USING btree ("guest_id","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_customer_default_idx" ON "addresses" USING btree ("customer_id","type") WHERE "addresses"."is_default" and "addresses"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_guest_default_idx" ON "addresses" USING btree ("guest_id","type") WHERE "addresses"."is_default" and "addresses"."guest_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_guest_idx" ON "coupon_redemptions" USING btree ("coupon_id","guest_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("provider","reference") WHERE "payments"."reference" is not null;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';