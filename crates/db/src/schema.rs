//! The one portable Diesel schema. Both migration folders create exactly these tables: the
//! `schema_matches_both_backends` test compares every table, column (name, type, nullability,
//! order) and primary key here with the migrated SQLite and PostgreSQL databases.

diesel::table! {
    brands (id) {
        id -> BigInt,
        name -> Text,
        slug -> Text,
        description -> Text,
        image_path -> Nullable<Text>,
        is_house_brand -> Bool,
        sort_order -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        image_renditions -> Text,
    }
}

diesel::table! {
    categories (id) {
        id -> BigInt,
        parent_id -> Nullable<BigInt>,
        name -> Text,
        slug -> Text,
        description -> Text,
        sort_order -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    products (id) {
        id -> BigInt,
        brand_id -> BigInt,
        name -> Text,
        slug -> Text,
        description -> Text,
        hsn_code -> Text,
        gst_rate_bp -> Integer,
        is_featured -> Bool,
        is_active -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        featured_position -> Integer,
        manufacturer -> Text,
        manufacturer_address -> Text,
        country_of_origin -> Text,
        best_before -> Nullable<Text>,
        is_hazardous -> Bool,
        restricted_states -> Text,
        search_terms -> Text,
        version -> Integer,
        supply_kind -> Text,
        batch_tracked -> Bool,
        regulated_as -> Text,
        registration_number -> Nullable<Text>,
    }
}

diesel::table! {
    product_categories (product_id, category_id) {
        product_id -> BigInt,
        category_id -> BigInt,
        position -> Integer,
    }
}

diesel::table! {
    product_variants (id) {
        id -> BigInt,
        product_id -> BigInt,
        name -> Nullable<Text>,
        sku -> Text,
        mrp_paise -> Nullable<BigInt>,
        price_paise -> BigInt,
        stock -> Integer,
        position -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        weight_grams -> Integer,
        net_quantity -> Nullable<Text>,
        low_stock_threshold -> Integer,
        is_active -> Bool,
        version -> Integer,
        uqc -> Text,
        uqc_milli -> Nullable<BigInt>,
    }
}

diesel::table! {
    stock_movements (id) {
        id -> BigInt,
        variant_id -> BigInt,
        delta -> Integer,
        reason -> Text,
        note -> Nullable<Text>,
        actor_id -> Nullable<BigInt>,
        order_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        batch_id -> Nullable<BigInt>,
        batch_delta -> Nullable<Integer>,
    }
}

diesel::table! {
    product_slug_redirects (old_slug) {
        old_slug -> Text,
        product_id -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    product_images (id) {
        id -> BigInt,
        product_id -> BigInt,
        path -> Text,
        alt -> Text,
        width -> Integer,
        height -> Integer,
        position -> Integer,
        renditions -> Text,
    }
}

diesel::table! {
    awards (id) {
        id -> BigInt,
        title -> Text,
        description -> Nullable<Text>,
        image_path -> Nullable<Text>,
        position -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        image_renditions -> Text,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        state -> Text,
        user_id -> Nullable<BigInt>,
        expires_at -> Timestamp,
        kind -> Text,
        last_used_at -> Timestamp,
    }
}

diesel::table! {
    app_secrets (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    carts (id) {
        id -> Text,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    cart_items (cart_id, variant_id) {
        cart_id -> Text,
        variant_id -> BigInt,
        quantity -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    users (id) {
        id -> BigInt,
        name -> Text,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        password_hash -> Nullable<Text>,
        email_verified_at -> Nullable<Timestamp>,
        role -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        disabled_at -> Nullable<Timestamp>,
        locale -> Nullable<Text>,
        phone_verified_at -> Nullable<Timestamp>,
        erased_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    phone_codes (id) {
        id -> BigInt,
        phone -> Text,
        purpose -> Text,
        code_hash -> Text,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        tries -> Integer,
        used_at -> Nullable<Timestamp>,
        client_address -> Text,
    }
}

diesel::table! {
    user_totp (user_id) {
        user_id -> BigInt,
        secret -> Text,
        confirmed_at -> Nullable<Timestamp>,
        last_used_step -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    two_factor_locks (user_id) {
        user_id -> BigInt,
        failures -> Integer,
        lockouts -> Integer,
        locked_until -> Nullable<Timestamp>,
    }
}

diesel::table! {
    recovery_codes (id) {
        id -> BigInt,
        user_id -> BigInt,
        code_hash -> Text,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    user_tokens (id) {
        id -> BigInt,
        user_id -> BigInt,
        purpose -> Text,
        token_hash -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    phone_consents (phone) {
        phone -> Text,
        order_updates -> Bool,
        notice_version -> Text,
        decided_at -> Timestamp,
        via -> Text,
    }
}

diesel::table! {
    early_receipts (sent_via, provider_id) {
        sent_via -> Text,
        provider_id -> Text,
        status -> Text,
        status_at -> Timestamp,
        reason -> Nullable<Text>,
        received_at -> Timestamp,
    }
}

diesel::table! {
    outbox (id) {
        id -> BigInt,
        to_address -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        claimed_until -> Nullable<Timestamp>,
        sent_at -> Nullable<Timestamp>,
        last_error -> Nullable<Text>,
        created_at -> Timestamp,
        channel -> Text,
        payload -> Nullable<Text>,
        order_id -> Nullable<BigInt>,
        claim_token -> Nullable<Text>,
        sent_via -> Nullable<Text>,
        provider_id -> Nullable<Text>,
        provider_status -> Nullable<Text>,
        provider_status_at -> Nullable<Timestamp>,
        gave_up_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    contact_messages (id) {
        id -> BigInt,
        name -> Text,
        email -> Nullable<Text>,
        phone -> Nullable<Text>,
        subject -> Nullable<Text>,
        message -> Text,
        created_at -> Timestamp,
        handled_at -> Nullable<Timestamp>,
        handled_by -> Nullable<BigInt>,
    }
}

diesel::table! {
    orders (id) {
        id -> BigInt,
        uuid -> Text,
        number -> Text,
        user_id -> Nullable<BigInt>,
        status -> Text,
        payment_method -> Text,
        contact_name -> Text,
        contact_email -> Nullable<Text>,
        contact_phone -> Text,
        shipping_address -> Text,
        billing_address -> Text,
        gstin -> Nullable<Text>,
        business_name -> Nullable<Text>,
        notes -> Nullable<Text>,
        place_of_supply -> Text,
        item_count -> Integer,
        subtotal_paise -> BigInt,
        tax_paise -> BigInt,
        cgst_paise -> BigInt,
        sgst_paise -> BigInt,
        igst_paise -> BigInt,
        shipping_paise -> BigInt,
        total_paise -> BigInt,
        seller -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        carrier -> Nullable<Text>,
        tracking_number -> Nullable<Text>,
        cancel_reason -> Nullable<Text>,
        payment_state -> Text,
        locale -> Text,
        tracking_url -> Nullable<Text>,
    }
}

diesel::table! {
    order_lines (id) {
        id -> BigInt,
        order_id -> BigInt,
        position -> Integer,
        product_id -> BigInt,
        variant_id -> BigInt,
        product_name -> Text,
        variant_name -> Nullable<Text>,
        sku -> Text,
        hsn_code -> Text,
        href -> Text,
        unit_price_paise -> BigInt,
        gst_rate_bp -> Integer,
        quantity -> Integer,
        taxable_paise -> BigInt,
        cgst_paise -> BigInt,
        sgst_paise -> BigInt,
        igst_paise -> BigInt,
        total_paise -> BigInt,
        shipping_paise -> BigInt,
        shipping_taxable_paise -> BigInt,
        shipping_cgst_paise -> BigInt,
        shipping_sgst_paise -> BigInt,
        shipping_igst_paise -> BigInt,
        supply_kind -> Text,
        uqc -> Text,
        uqc_milli -> Nullable<BigInt>,
        regulated_as -> Text,
        registration_number -> Nullable<Text>,
    }
}

diesel::table! {
    order_status_history (id) {
        id -> BigInt,
        order_id -> BigInt,
        status -> Text,
        created_at -> Timestamp,
        actor_id -> Nullable<BigInt>,
        note -> Nullable<Text>,
    }
}

diesel::table! {
    order_notes (id) {
        id -> BigInt,
        order_id -> BigInt,
        author_id -> Nullable<BigInt>,
        body -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    order_payments (id) {
        id -> BigInt,
        order_id -> BigInt,
        kind -> Text,
        method -> Text,
        amount_paise -> BigInt,
        reference -> Nullable<Text>,
        paid_on -> Date,
        recorded_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    order_supply_places (order_id) {
        order_id -> BigInt,
        state -> Text,
    }
}

diesel::table! {
    order_returns (id) {
        id -> BigInt,
        order_id -> BigInt,
        reason -> Text,
        refund_delivery -> Bool,
        actor_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    order_return_lines (id) {
        id -> BigInt,
        return_id -> BigInt,
        order_line_id -> BigInt,
        quantity -> Integer,
        restocked -> Bool,
        taxable_paise -> BigInt,
        cgst_paise -> BigInt,
        sgst_paise -> BigInt,
        igst_paise -> BigInt,
        total_paise -> BigInt,
        shipping_paise -> BigInt,
        shipping_taxable_paise -> BigInt,
        shipping_cgst_paise -> BigInt,
        shipping_sgst_paise -> BigInt,
        shipping_igst_paise -> BigInt,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        order_id -> BigInt,
        number -> Text,
        issued_on -> Date,
        eway_bill_number -> Nullable<Text>,
        created_at -> Timestamp,
        kind -> Text,
    }
}

diesel::table! {
    credit_notes (id) {
        id -> BigInt,
        invoice_id -> BigInt,
        number -> Text,
        issued_on -> Date,
        reason -> Text,
        created_at -> Timestamp,
        return_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    product_translations (product_id, locale) {
        product_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        description -> Nullable<Text>,
        search_terms -> Text,
        country_of_origin -> Nullable<Text>,
        best_before -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    variant_translations (variant_id, locale) {
        variant_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    brand_translations (brand_id, locale) {
        brand_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        description -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    category_translations (category_id, locale) {
        category_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        description -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    award_translations (award_id, locale) {
        award_id -> BigInt,
        locale -> Text,
        title -> Nullable<Text>,
        description -> Nullable<Text>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    idempotency_keys (key) {
        key -> Text,
        request_hash -> Text,
        order_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    addresses (id) {
        id -> BigInt,
        user_id -> BigInt,
        label -> Nullable<Text>,
        name -> Text,
        phone -> Text,
        line1 -> Text,
        line2 -> Nullable<Text>,
        city -> Text,
        district -> Text,
        state -> Text,
        pincode -> Text,
        is_default -> Bool,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    counters (name) {
        name -> Text,
        value -> BigInt,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        tat_ms -> BigInt,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        actor_id -> Nullable<BigInt>,
        action -> Text,
        entity -> Text,
        entity_id -> Text,
        old_values -> Nullable<Text>,
        new_values -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    catalog_imports (id) {
        id -> BigInt,
        actor_id -> Nullable<BigInt>,
        filename -> Text,
        content -> Text,
        created -> Integer,
        updated -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    order_packing (order_id) {
        order_id -> BigInt,
        packed_by -> Nullable<BigInt>,
        packed_at -> Timestamp,
    }
}

diesel::table! {
    customer_notes (customer_key) {
        customer_key -> Text,
        body -> Text,
        updated_by -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    erased_orders (order_id) {
        order_id -> BigInt,
        erased_at -> Timestamp,
    }
}

diesel::joinable!(audit_log -> users (actor_id));
diesel::joinable!(stock_movements -> product_variants (variant_id));
diesel::joinable!(product_slug_redirects -> products (product_id));
diesel::joinable!(order_lines -> orders (order_id));
diesel::joinable!(order_status_history -> orders (order_id));
diesel::joinable!(user_tokens -> users (user_id));
diesel::joinable!(user_totp -> users (user_id));
diesel::joinable!(recovery_codes -> users (user_id));
diesel::joinable!(two_factor_locks -> users (user_id));
diesel::joinable!(products -> brands (brand_id));
diesel::joinable!(cart_items -> carts (cart_id));
diesel::joinable!(cart_items -> product_variants (variant_id));
diesel::joinable!(product_categories -> products (product_id));
diesel::joinable!(product_categories -> categories (category_id));
diesel::joinable!(product_variants -> products (product_id));
diesel::joinable!(product_images -> products (product_id));
diesel::joinable!(order_notes -> orders (order_id));
diesel::table! {
    phone_orders (order_id) {
        order_id -> BigInt,
        taken_by -> Nullable<BigInt>,
        taken_at -> Timestamp,
    }
}

diesel::joinable!(order_payments -> orders (order_id));
diesel::joinable!(phone_orders -> orders (order_id));
diesel::joinable!(invoices -> orders (order_id));
diesel::joinable!(product_translations -> products (product_id));
diesel::joinable!(variant_translations -> product_variants (variant_id));
diesel::joinable!(brand_translations -> brands (brand_id));
diesel::joinable!(category_translations -> categories (category_id));
diesel::joinable!(award_translations -> awards (award_id));
diesel::joinable!(credit_notes -> invoices (invoice_id));
diesel::joinable!(credit_notes -> order_returns (return_id));
diesel::joinable!(order_returns -> orders (order_id));
diesel::joinable!(order_supply_places -> orders (order_id));
diesel::joinable!(order_return_lines -> order_returns (return_id));
diesel::joinable!(order_return_lines -> order_lines (order_line_id));
diesel::joinable!(order_packing -> orders (order_id));
diesel::joinable!(erased_orders -> orders (order_id));

diesel::table! {
    stock_receipts (id) {
        id -> BigInt,
        supplier -> Text,
        supplier_invoice -> Text,
        invoice_date -> Date,
        note -> Nullable<Text>,
        actor_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    batches (id) {
        id -> BigInt,
        variant_id -> BigInt,
        number -> Text,
        manufactured_on -> Nullable<Date>,
        expires_on -> Nullable<Date>,
        tested_on -> Nullable<Date>,
        cost_paise -> Nullable<BigInt>,
        quantity -> Integer,
        receipt_id -> Nullable<BigInt>,
        withdrawn_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    stock_receipt_lines (id) {
        id -> BigInt,
        receipt_id -> BigInt,
        batch_id -> BigInt,
        quantity -> Integer,
        cost_paise -> BigInt,
    }
}

diesel::table! {
    order_line_batches (id) {
        id -> BigInt,
        order_line_id -> BigInt,
        batch_id -> BigInt,
        quantity -> Integer,
        returned -> Integer,
        cost_paise -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    batch_recalls (id) {
        id -> BigInt,
        batch_id -> BigInt,
        reason -> Text,
        actor_id -> Nullable<BigInt>,
        recipients -> Integer,
        mails -> Integer,
        phone_messages -> Integer,
        created_at -> Timestamp,
    }
}

diesel::joinable!(batch_recalls -> batches (batch_id));
diesel::joinable!(batches -> product_variants (variant_id));
diesel::joinable!(stock_movements -> batches (batch_id));
diesel::joinable!(batches -> stock_receipts (receipt_id));
diesel::joinable!(stock_receipt_lines -> stock_receipts (receipt_id));
diesel::joinable!(stock_receipt_lines -> batches (batch_id));
diesel::joinable!(order_line_batches -> batches (batch_id));
diesel::joinable!(order_line_batches -> order_lines (order_line_id));

diesel::table! {
    crops (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        other_names -> Text,
        sort_order -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    crop_translations (crop_id, locale) {
        crop_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        other_names -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    problems (id) {
        id -> BigInt,
        slug -> Text,
        name -> Text,
        kind -> Text,
        other_names -> Text,
        sort_order -> Integer,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    problem_translations (problem_id, locale) {
        problem_id -> BigInt,
        locale -> Text,
        name -> Nullable<Text>,
        other_names -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    problem_crops (problem_id, crop_id) {
        problem_id -> BigInt,
        crop_id -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    product_crops (product_id, crop_id) {
        product_id -> BigInt,
        crop_id -> BigInt,
        need -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    product_problems (product_id, problem_id) {
        product_id -> BigInt,
        problem_id -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    search_synonyms (id) {
        id -> BigInt,
        words -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::joinable!(crop_translations -> crops (crop_id));
diesel::joinable!(problem_translations -> problems (problem_id));
diesel::joinable!(problem_crops -> problems (problem_id));
diesel::joinable!(problem_crops -> crops (crop_id));
diesel::joinable!(product_crops -> products (product_id));
diesel::joinable!(product_crops -> crops (crop_id));
diesel::joinable!(product_problems -> products (product_id));
diesel::joinable!(product_problems -> problems (problem_id));

diesel::allow_tables_to_appear_in_same_query!(
    stock_receipts,
    batches,
    stock_receipt_lines,
    order_line_batches,
    batch_recalls,
    catalog_imports,
    order_returns,
    order_return_lines,
    order_supply_places,
    brands,
    categories,
    products,
    product_categories,
    product_variants,
    product_images,
    awards,
    sessions,
    app_secrets,
    carts,
    cart_items,
    users,
    phone_codes,
    user_tokens,
    early_receipts,
    outbox,
    phone_consents,
    contact_messages,
    orders,
    order_lines,
    order_status_history,
    order_notes,
    order_payments,
    invoices,
    credit_notes,
    product_translations,
    variant_translations,
    brand_translations,
    category_translations,
    award_translations,
    idempotency_keys,
    addresses,
    counters,
    audit_log,
    stock_movements,
    product_slug_redirects,
    user_totp,
    recovery_codes,
    two_factor_locks,
    order_packing,
    phone_orders,
    customer_notes,
    erased_orders,
    crops,
    crop_translations,
    problems,
    problem_translations,
    problem_crops,
    product_crops,
    product_problems,
    search_synonyms,
);
