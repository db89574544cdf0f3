-- Shop by crop and by problem (issue 35). A crop's and a problem's English words stay in their own
-- table, the Malayalam and Tamil ones in a translations table (NULL name: the English one), as
-- for the rest of the catalogue. "Other names" are the spellings shoppers also type, one per line:
-- the English row holds the Latin spellings ("elam", "elakka"), a language's row its own script's.
CREATE TABLE crops (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    other_names TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE crop_translations (
    crop_id BIGINT NOT NULL REFERENCES crops (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    other_names TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (crop_id, locale)
);

-- Pests, diseases and deficiencies, with the crops they affect.
CREATE TABLE problems (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pest', 'disease', 'deficiency')),
    other_names TEXT NOT NULL DEFAULT '',
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE problem_translations (
    problem_id BIGINT NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('ml', 'ta')),
    name TEXT,
    other_names TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (problem_id, locale)
);

-- Link rows carry `updated_at` so that the catalogue's fingerprint sees a changed need.
CREATE TABLE problem_crops (
    problem_id BIGINT NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
    crop_id BIGINT NOT NULL REFERENCES crops (id) ON DELETE CASCADE,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (problem_id, crop_id)
);
CREATE INDEX problem_crops_crop_id_idx ON problem_crops (crop_id);

-- What a product does for a crop: the group it is listed under on the crop's page.
CREATE TABLE product_crops (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    crop_id BIGINT NOT NULL REFERENCES crops (id) ON DELETE CASCADE,
    need TEXT NOT NULL CHECK (need IN ('nutrition', 'protection', 'irrigation', 'tools', 'services')),
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (product_id, crop_id)
);
CREATE INDEX product_crops_crop_id_idx ON product_crops (crop_id);

CREATE TABLE product_problems (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    problem_id BIGINT NOT NULL REFERENCES problems (id) ON DELETE CASCADE,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (product_id, problem_id)
);
CREATE INDEX product_problems_problem_id_idx ON product_problems (problem_id);

-- Words that mean one thing to the search ("pesticide", "keedanashini", "കീടനാശിനി"): one row
-- per group, its words one per line.
CREATE TABLE search_synonyms (
    id INTEGER PRIMARY KEY,
    words TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
