CREATE TABLE "loyalty_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"tier_since" timestamp with time zone,
	"tier_review_at" timestamp with time zone,
	"referral_code" text NOT NULL,
	"expiry_warned_until" timestamp with time zone,
	"locale" text DEFAULT 'en' NOT NULL,
	"birthday_voucher_year" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_accounts_referralCode_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "loyalty_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"spend" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"referral_id" integer,
	"staff_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_entries_kind" CHECK ("loyalty_entries"."kind" in ('earned', 'redeemed', 'restored', 'reversed', 'expired', 'adjusted', 'referral')),
	CONSTRAINT "loyalty_entries_sign" CHECK (("loyalty_entries"."kind" in ('earned', 'restored', 'referral') and "loyalty_entries"."points" >= 0) or ("loyalty_entries"."kind" in ('redeemed', 'reversed', 'expired') and "loyalty_entries"."points" <= 0) or ("loyalty_entries"."kind" = 'adjusted' and "loyalty_entries"."points" <> 0))
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_settings_one_row" CHECK ("loyalty_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer,
	"order_id" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "referrals_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "referrals_status" CHECK ("referrals"."status" in ('pending', 'rewarded', 'void'))
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_fixed";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_redeemed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_entries" ADD CONSTRAINT "loyalty_entries_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_customers_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_entries_customer_idx" ON "loyalty_entries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_entries_kind_time_idx" ON "loyalty_entries" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_earned_once" ON "loyalty_entries" USING btree ("order_id") WHERE "loyalty_entries"."kind" = 'earned';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_redeemed_once" ON "loyalty_entries" USING btree ("order_id") WHERE "loyalty_entries"."kind" = 'redeemed';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_entries_referral_once" ON "loyalty_entries" USING btree ("referral_id") WHERE "loyalty_entries"."kind" = 'referral';--> statement-breakpoint
CREATE INDEX "loyalty_entries_expiry_idx" ON "loyalty_entries" USING btree ("expires_at") WHERE "loyalty_entries"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupons_customer_idx" ON "coupons" USING btree ("customer_id") WHERE "coupons"."customer_id" is not null;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_fixed" CHECK ("coupons"."kind" <> 'fixed_amount' or ("coupons"."value" > 0 and ("coupons"."value" % 100 = 0 or "coupons"."customer_id" is not null)));