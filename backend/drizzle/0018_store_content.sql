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
ALTER TABLE "product_store_texts" ADD CONSTRAINT "product_store_texts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A store view's own name and short description join the search vocabulary (search_words) like a product's own (0011), so typo correction knows their words.
CREATE FUNCTION search_words_from_product_store_texts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM changed_texts AS t, unnest(tsvector_to_array(to_tsvector('simple', coalesce(t.name, '')) || to_tsvector('simple', coalesce(t.short_description, '')))) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_store_texts_search_words_insert AFTER INSERT ON product_store_texts
  REFERENCING NEW TABLE AS changed_texts FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_product_store_texts();--> statement-breakpoint
CREATE TRIGGER product_store_texts_search_words_update AFTER UPDATE ON product_store_texts
  REFERENCING NEW TABLE AS changed_texts FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_product_store_texts();
