use chrono::Utc;
use db::schema::{cart_items, carts, product_variants, products};
use db::{DbConnection, VariantId, write_transaction};
use diesel::prelude::*;

use super::{CartError, CartId, LineTarget, Quantity};

/// Adds `quantity` of a product (variant) to the cart, raising the line when it exists.
pub fn add(
    conn: &mut DbConnection,
    cart: &CartId,
    target: LineTarget,
    quantity: Quantity,
) -> Result<(), CartError> {
    write_transaction(conn, |conn| {
        lock_cart(conn, cart)?;
        let variant = resolve_variant(conn, target)?;
        let current = line_quantity(conn, cart, variant.id)?.unwrap_or(0);
        let wanted = current + i32::from(quantity.get());
        set_line(conn, cart, &variant, current > 0, wanted)
    })
}

/// Sets a line's quantity to `quantity` (the new absolute value).
pub fn update(
    conn: &mut DbConnection,
    cart: &CartId,
    target: LineTarget,
    quantity: Quantity,
) -> Result<(), CartError> {
    write_transaction(conn, |conn| {
        lock_cart(conn, cart)?;
        let variant = resolve_variant(conn, target)?;
        if line_quantity(conn, cart, variant.id)?.is_none() {
            return Err(CartError::NotInCart);
        }
        set_line(conn, cart, &variant, true, i32::from(quantity.get()))
    })
}

/// Removes a line; without a variant, every line of the product. Removing what is not there
/// is not an error.
pub fn remove(conn: &mut DbConnection, cart: &CartId, target: LineTarget) -> Result<(), CartError> {
    write_transaction(conn, |conn| {
        let mut variants = product_variants::table
            .filter(product_variants::product_id.eq(target.product_id))
            .select(product_variants::id)
            .into_boxed();
        if let Some(variant_id) = target.variant_id {
            variants = variants.filter(product_variants::id.eq(variant_id));
        }
        let variants: Vec<VariantId> = variants.load(conn)?;
        diesel::delete(
            cart_items::table
                .filter(cart_items::cart_id.eq(cart.as_str()))
                .filter(cart_items::variant_id.eq_any(&variants)),
        )
        .execute(conn)?;
        Ok(())
    })
}

/// Empties the cart.
pub fn clear(conn: &mut DbConnection, cart: &CartId) -> Result<(), CartError> {
    write_transaction(conn, |conn| {
        diesel::delete(cart_items::table.filter(cart_items::cart_id.eq(cart.as_str())))
            .execute(conn)?;
        Ok(())
    })
}

/// Creates the cart row when needed and locks it (PostgreSQL row lock; SQLite's write
/// transaction already excludes other writers), so changes to one cart queue up.
fn lock_cart(conn: &mut DbConnection, cart: &CartId) -> Result<(), CartError> {
    let now = Utc::now().naive_utc();
    let new_cart = (
        carts::id.eq(cart.as_str()),
        carts::created_at.eq(now),
        carts::updated_at.eq(now),
    );
    db::per_backend!(conn, |c| diesel::insert_into(carts::table)
        .values(new_cart)
        .on_conflict_do_nothing()
        .execute(c))?;
    diesel::update(carts::table.find(cart.as_str()))
        .set(carts::updated_at.eq(now))
        .execute(conn)?;
    Ok(())
}

struct ResolvedVariant {
    id: VariantId,
    stock: i32,
    product_name: String,
}

/// The variant a change is about: the one named, or the product's only one.
fn resolve_variant(
    conn: &mut DbConnection,
    target: LineTarget,
) -> Result<ResolvedVariant, CartError> {
    let product_name: String = products::table
        .filter(products::id.eq(target.product_id))
        .filter(products::is_active.eq(true))
        .select(products::name)
        .first(conn)
        .optional()?
        .ok_or(CartError::ProductNotFound)?;
    let variants: Vec<(VariantId, i32)> = product_variants::table
        .filter(product_variants::product_id.eq(target.product_id))
        .filter(product_variants::is_active.eq(true))
        .select((product_variants::id, product_variants::stock))
        .load(conn)?;
    let (id, stock) = match (target.variant_id, variants.as_slice()) {
        (Some(wanted), _) => variants
            .iter()
            .copied()
            .find(|(id, _)| *id == wanted)
            .ok_or(CartError::VariantNotFound)?,
        (None, [only]) => *only,
        (None, []) => return Err(CartError::ProductNotFound),
        (None, _) => return Err(CartError::VariantRequired),
    };
    Ok(ResolvedVariant {
        id,
        stock,
        product_name,
    })
}

fn line_quantity(
    conn: &mut DbConnection,
    cart: &CartId,
    variant_id: VariantId,
) -> Result<Option<i32>, CartError> {
    Ok(cart_items::table
        .find((cart.as_str(), variant_id))
        .select(cart_items::quantity)
        .first(conn)
        .optional()?)
}

fn set_line(
    conn: &mut DbConnection,
    cart: &CartId,
    variant: &ResolvedVariant,
    exists: bool,
    quantity: i32,
) -> Result<(), CartError> {
    if quantity > i32::from(Quantity::MAX) {
        return Err(CartError::LineLimit);
    }
    if quantity > variant.stock {
        return Err(CartError::InsufficientStock {
            name: variant.product_name.clone(),
            available: variant.stock.max(0),
        });
    }
    let now = Utc::now().naive_utc();
    if exists {
        diesel::update(cart_items::table.find((cart.as_str(), variant.id)))
            .set((
                cart_items::quantity.eq(quantity),
                cart_items::updated_at.eq(now),
            ))
            .execute(conn)?;
    } else {
        diesel::insert_into(cart_items::table)
            .values((
                cart_items::cart_id.eq(cart.as_str()),
                cart_items::variant_id.eq(variant.id),
                cart_items::quantity.eq(quantity),
                cart_items::created_at.eq(now),
                cart_items::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}
