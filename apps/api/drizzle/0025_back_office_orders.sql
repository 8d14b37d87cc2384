CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_delivery_records" (
	"phone" text PRIMARY KEY NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reference" text,
	"request_key" text NOT NULL,
	"staff_id" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "refunds_requestKey_unique" UNIQUE("request_key"),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('bkash', 'sslcommerz', 'manual')),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('requested', 'completed', 'failed')),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0 and "refunds"."amount" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "staff_saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer,
	"courier" text NOT NULL,
	"source" text NOT NULL,
	"event_key" text,
	"courier_status" text DEFAULT '' NOT NULL,
	"state" text,
	"message" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"expected" integer NOT NULL,
	"paid_on" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_payouts_courier" CHECK ("courier_payouts"."courier" in ('steadfast', 'pathao', 'redx'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"consignment_id" text NOT NULL,
	"tracking_code" text NOT NULL,
	"invoice" text NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"courier_status" text DEFAULT '' NOT NULL,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"delivery_fee" integer,
	"collected_amount" integer,
	"active" boolean DEFAULT true NOT NULL,
	"booked_by" integer,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"polled_at" timestamp with time zone,
	CONSTRAINT "shipments_courier" CHECK ("shipments"."courier" in ('steadfast', 'pathao', 'redx')),
	CONSTRAINT "shipments_state" CHECK ("shipments"."state" in ('booked', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cod_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "cod_blocked_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "detail" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "consignment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_saved_views" ADD CONSTRAINT "staff_saved_views_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refunds_requested_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_saved_views_name_idx" ON "staff_saved_views" USING btree ("staff_id","scope","name");--> statement-breakpoint
CREATE INDEX "courier_events_shipment_idx" ON "courier_events" USING btree ("shipment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_key_idx" ON "courier_events" USING btree ("courier","event_key") WHERE "courier_events"."event_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_payouts_reference_idx" ON "courier_payouts" USING btree ("courier","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_consignment_idx" ON "shipments" USING btree ("courier","consignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_active_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."active";--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("polled_at") WHERE "shipments"."state" in ('booked', 'in_transit') and "shipments"."active";--> statement-breakpoint
CREATE INDEX "shipments_unpaid_idx" ON "shipments" USING btree ("courier","id") WHERE "shipments"."payout_id" is null and "shipments"."collected_amount" is not null;--> statement-breakpoint
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_payment_status_id_idx" ON "orders" USING btree ("payment_status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_method_id_idx" ON "orders" USING btree ("payment_method","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("contact_phone","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (lower("contact_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_courier_idx" ON "orders" USING btree ("courier","id" DESC NULLS LAST) WHERE "orders"."courier" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_consignment_idx" ON "orders" USING btree ("courier","consignment_id") WHERE "orders"."consignment_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_amount" >= 0 and "orders"."refunded_amount" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('placed', 'confirmed', 'packed', 'shipped', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'partially_refunded', 'refunded', 'voided'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'));