ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_deposit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_deposit" CHECK ("orders"."cod_deposit" >= 0 and "orders"."cod_deposit" <= "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending', 'partially_paid', 'paid', 'failed', 'partially_refunded', 'refunded', 'voided'));