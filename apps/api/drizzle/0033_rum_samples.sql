CREATE TABLE "rum_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_type" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"value" real NOT NULL,
	"target" text
);
--> statement-breakpoint
CREATE INDEX "rum_samples_received_idx" ON "rum_samples" USING btree ("received_at");