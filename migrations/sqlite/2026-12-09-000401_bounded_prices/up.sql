-- Prices are bounded at ₹10,00,000 (pricing::Price) since this change. A variant priced above it
-- before then cannot be sold (its cart lines could not be added up): it is taken off sale, its
-- price kept, for staff to correct.
UPDATE product_variants SET is_active = 0 WHERE price_paise > 100000000 OR mrp_paise > 100000000;
