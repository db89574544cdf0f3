use chrono::Utc;
use db::schema::{cart_items, carts, product_variants};
use db::{DbConnection, UserId, write_transaction};
use diesel::prelude::*;

use super::{CartError, CartId, Quantity};

/// At sign-in or registration: the shopper's cart from now on, with the anonymous cart's lines
/// added to it (quantities add up, capped by stock and the line limit) and the anonymous cart
/// gone. A shopper with no cart yet simply keeps the anonymous one.
pub fn merge_into_user_cart(
    conn: &mut DbConnection,
    anonymous: Option<&CartId>,
    user_id: UserId,
) -> Result<CartId, CartError> {
    write_transaction(conn, |conn| {
        let now = Utc::now().naive_utc();
        let owned: Option<String> = carts::table
            .filter(carts::user_id.eq(user_id))
            .select(carts::id)
            .first(conn)
            .optional()?;
        let anonymous = match anonymous {
            Some(cart) => carts::table
                .find(cart.as_str())
                .filter(carts::user_id.is_null())
                .select(carts::id)
                .first::<String>(conn)
                .optional()?,
            None => None,
        };
        let target = match (owned, anonymous.as_deref()) {
            (Some(owned), _) => owned,
            (None, Some(anonymous)) => {
                diesel::update(carts::table.find(anonymous))
                    .set((carts::user_id.eq(user_id), carts::updated_at.eq(now)))
                    .execute(conn)?;
                return Ok(CartId::from_stored(anonymous.to_owned()));
            }
            (None, None) => {
                let id = CartId::generate();
                diesel::insert_into(carts::table)
                    .values((
                        carts::id.eq(id.as_str()),
                        carts::user_id.eq(user_id),
                        carts::created_at.eq(now),
                        carts::updated_at.eq(now),
                    ))
                    .execute(conn)?;
                return Ok(id);
            }
        };
        if let Some(anonymous) = anonymous {
            let lines: Vec<(i64, i32, i32)> = cart_items::table
                .inner_join(product_variants::table)
                .filter(cart_items::cart_id.eq(&anonymous))
                .select((
                    cart_items::variant_id,
                    cart_items::quantity,
                    product_variants::stock,
                ))
                .load(conn)?;
            for (variant_id, quantity, stock) in lines {
                let existing: Option<i32> = cart_items::table
                    .find((&target, variant_id))
                    .select(cart_items::quantity)
                    .first(conn)
                    .optional()?;
                let merged = (existing.unwrap_or(0) + quantity)
                    .min(stock)
                    .min(i32::from(Quantity::MAX));
                match existing {
                    Some(_) => {
                        diesel::update(cart_items::table.find((&target, variant_id)))
                            .set((
                                cart_items::quantity.eq(merged.max(1)),
                                cart_items::updated_at.eq(now),
                            ))
                            .execute(conn)?;
                    }
                    None if merged > 0 => {
                        diesel::insert_into(cart_items::table)
                            .values((
                                cart_items::cart_id.eq(&target),
                                cart_items::variant_id.eq(variant_id),
                                cart_items::quantity.eq(merged),
                                cart_items::created_at.eq(now),
                                cart_items::updated_at.eq(now),
                            ))
                            .execute(conn)?;
                    }
                    None => {}
                }
            }
            diesel::delete(carts::table.find(&anonymous)).execute(conn)?;
        }
        Ok(CartId::from_stored(target))
    })
}
