CREATE TABLE "stock_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"email" text,
	"phone" text,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_notifications_one_contact" CHECK (("stock_notifications"."email" is null) <> ("stock_notifications"."phone" is null))
);
--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_pending_email_idx" ON "stock_notifications" USING btree ("variant_id","email") WHERE "stock_notifications"."notified_at" is null and "stock_notifications"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_pending_phone_idx" ON "stock_notifications" USING btree ("variant_id","phone") WHERE "stock_notifications"."notified_at" is null and "stock_notifications"."phone" is not null;