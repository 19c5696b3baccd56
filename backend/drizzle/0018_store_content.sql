CREATE TABLE "blog_post_store_texts" (
	"post_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"title" text,
	"excerpt" text,
	"content" text,
	CONSTRAINT "blog_post_store_texts_post_id_store_id_pk" PRIMARY KEY("post_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "cms_page_store_texts" (
	"page_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"title" text,
	"content" text,
	"meta_title" text,
	"meta_description" text,
	CONSTRAINT "cms_page_store_texts_page_id_store_id_pk" PRIMARY KEY("page_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_store_texts" (
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" text,
	"short_description" text,
	"description" text,
	"meta_title" text,
	"meta_description" text,
	CONSTRAINT "product_store_texts_product_id_store_id_pk" PRIMARY KEY("product_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "blog_post_store_texts" ADD CONSTRAINT "blog_post_store_texts_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_store_texts" ADD CONSTRAINT "blog_post_store_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_page_store_texts" ADD CONSTRAINT "cms_page_store_texts_page_id_cms_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."cms_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_page_store_texts" ADD CONSTRAINT "cms_page_store_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_store_texts" ADD CONSTRAINT "product_store_texts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_store_texts" ADD CONSTRAINT "product_store_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;