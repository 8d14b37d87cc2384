ALTER TABLE "brands" ADD COLUMN "description_bn" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "subtitle_bn" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "excerpt_bn" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_html_bn" text;--> statement-breakpoint
ALTER TABLE "footer_groups" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "footer_links" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "nav_items" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "body_html_bn" text;