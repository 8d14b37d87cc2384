CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" smallint NOT NULL,
	"gift_rule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text,
	"customer_id" integer,
	"guest_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"delivery_type" text DEFAULT 'standard' NOT NULL,
	"note_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_status" CHECK ("carts"."status" in ('open', 'merged', 'ordered'))
);
--> statement-breakpoint
CREATE TABLE "gift_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_subtotal" integer,
	"buy_product_id" integer,
	"buy_quantity" smallint,
	"gift_variant_id" integer NOT NULL,
	"gift_quantity" smallint DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_rules_kind" CHECK ("gift_rules"."kind" in ('spend', 'buy')),
	CONSTRAINT "gift_rules_spend" CHECK ("gift_rules"."kind" <> 'spend' or ("gift_rules"."min_subtotal" is not null and "gift_rules"."min_subtotal" > 0)),
	CONSTRAINT "gift_rules_buy" CHECK ("gift_rules"."kind" <> 'buy' or ("gift_rules"."buy_product_id" is not null and "gift_rules"."buy_quantity" between 1 and 6)),
	CONSTRAINT "gift_rules_gift_quantity" CHECK ("gift_rules"."gift_quantity" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "privilege_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer,
	"percent" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privilege_cards_number_unique" UNIQUE("number"),
	CONSTRAINT "privilege_cards_percent_range" CHECK ("privilege_cards"."percent" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_gift_rule_id_gift_rules_id_fk" FOREIGN KEY ("gift_rule_id") REFERENCES "public"."gift_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD CONSTRAINT "gift_rules_buy_product_id_products_id_fk" FOREIGN KEY ("buy_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_rules" ADD CONSTRAINT "gift_rules_gift_variant_id_variants_id_fk" FOREIGN KEY ("gift_variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_paid_idx" ON "cart_lines" USING btree ("cart_id","variant_id") WHERE "cart_lines"."gift_rule_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_gift_idx" ON "cart_lines" USING btree ("cart_id","gift_rule_id") WHERE "cart_lines"."gift_rule_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_lines_cart_idx" ON "cart_lines" USING btree ("cart_id","id");--> statement-breakpoint
CREATE INDEX "cart_lines_variant_idx" ON "cart_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_token_hash_idx" ON "carts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_customer_idx" ON "carts" USING btree ("customer_id") WHERE "carts"."status" = 'open' and "carts"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_guest_idx" ON "carts" USING btree ("guest_id") WHERE "carts"."status" = 'open' and "carts"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "carts_updated_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privilege_cards_customer_idx" ON "privilege_cards" USING btree ("customer_id") WHERE "privilege_cards"."customer_id" is not null;