CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_index" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_english_index" ON "products" USING gin ((setweight((to_tsvector('english', "name") || to_tsvector('simple', "name")), 'A') || setweight(to_tsvector('simple', translate("sku", '-_/.', '    ')), 'A') || setweight((to_tsvector('english', "short_description") || to_tsvector('simple', "short_description")), 'B')));--> statement-breakpoint
CREATE FUNCTION search_words_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM changed_products AS p, unnest(tsvector_to_array(to_tsvector('simple', p.name) || to_tsvector('simple', translate(p.sku, '-_/.', '    ')) || to_tsvector('simple', p.short_description))) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_products();--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_products();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(to_tsvector('simple', products.name) || to_tsvector('simple', translate(products.sku, '-_/.', '    ')) || to_tsvector('simple', products.short_description))) AS w
  ON CONFLICT DO NOTHING;
