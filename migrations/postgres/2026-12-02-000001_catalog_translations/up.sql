-- The catalogue in Malayalam (ml) and Tamil (ta): per entity and language, the fields that read
-- differently, each NULL where English stands in (field by field). English stays in the entity's
-- own table. A product's search words (one per line) are extra words shoppers type in that
-- language or its Latin spelling ("elam", "ഏലം"), searched in every language.
CREATE TABLE product_translations (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    description TEXT,
    search_terms TEXT NOT NULL DEFAULT '',
    -- The declarations a shopper reads (the maker's name and address stay as the pack prints them).
    country_of_origin TEXT,
    best_before TEXT,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (product_id, locale)
);

CREATE TABLE variant_translations (
    variant_id BIGINT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (variant_id, locale)
);

CREATE TABLE brand_translations (
    brand_id BIGINT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    description TEXT,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (brand_id, locale)
);

CREATE TABLE category_translations (
    category_id BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    description TEXT,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (category_id, locale)
);

CREATE TABLE award_translations (
    award_id BIGINT NOT NULL REFERENCES awards (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    title TEXT,
    description TEXT,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (award_id, locale)
);
