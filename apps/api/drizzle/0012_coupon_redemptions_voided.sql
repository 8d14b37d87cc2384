DROP INDEX "coupon_redemptions_order_idx";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("coupon_id","order_id") WHERE "coupon_redemptions"."voided_at" is null;