//! Moving an order along: placed or awaiting payment → confirmed → shipped → delivered, or
//! cancelled before it ships (its stock then goes back on the shelf). Each change is kept with
//! its time, and the customer is told by e-mail.

use chrono::Utc;
use db::schema::{order_lines, orders, product_variants, stock_movements};
use db::{DbConnection, outbox, write_transaction};
use diesel::prelude::*;
use mail::{Button, MailContext};
use paths::Page;

use super::{OrderError, OrderStatus, OrderView, order_by_id, record_status};

#[derive(Debug, thiserror::Error)]
pub enum TransitionError {
    #[error("No order has the number {0}.")]
    UnknownOrder(String),
    #[error("An order that is {from} cannot become {to}.")]
    NotAllowed {
        from: &'static str,
        to: &'static str,
    },
    #[error(transparent)]
    Order(#[from] OrderError),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

fn allowed(from: OrderStatus, to: OrderStatus) -> bool {
    use OrderStatus::*;
    matches!(
        (from, to),
        (Placed | AwaitingPayment, Confirmed)
            | (Placed | Confirmed, Shipped)
            | (Shipped, Delivered)
            | (Placed | AwaitingPayment | Confirmed, Cancelled)
    )
}

/// Sets the status of the order with this number (e.g. `ORD-2026-000123`).
pub fn set_status(
    conn: &mut DbConnection,
    number: &str,
    to: OrderStatus,
    mail: &MailContext,
) -> Result<OrderView, TransitionError> {
    write_transaction(conn, |conn| {
        let (id, current): (i64, String) = orders::table
            .filter(orders::number.eq(number.trim().to_uppercase()))
            .select((orders::id, orders::status))
            .first(conn)
            .optional()?
            .ok_or_else(|| TransitionError::UnknownOrder(number.to_owned()))?;
        let from = OrderStatus::parse(&current).unwrap_or(OrderStatus::Placed);
        if !allowed(from, to) {
            return Err(TransitionError::NotAllowed {
                from: from.as_str(),
                to: to.as_str(),
            });
        }
        let now = Utc::now().naive_utc();
        if to == OrderStatus::Cancelled {
            let lines: Vec<(i64, i32)> = order_lines::table
                .filter(order_lines::order_id.eq(id))
                .select((order_lines::variant_id, order_lines::quantity))
                .load(conn)?;
            for (variant, quantity) in lines {
                diesel::update(product_variants::table.find(variant))
                    .set(product_variants::stock.eq(product_variants::stock + quantity))
                    .execute(conn)?;
                // The variant's history explains the units coming back, against this order.
                diesel::insert_into(stock_movements::table)
                    .values((
                        stock_movements::variant_id.eq(variant),
                        stock_movements::delta.eq(quantity),
                        stock_movements::reason.eq("cancelled"),
                        stock_movements::order_id.eq(id),
                        stock_movements::created_at.eq(now),
                    ))
                    .execute(conn)?;
            }
        }
        diesel::update(orders::table.find(id))
            .set((orders::status.eq(to.as_str()), orders::updated_at.eq(now)))
            .execute(conn)?;
        record_status(conn, id, to, now)?;
        let order = order_by_id(conn, id)?;
        let url = mail.link(Page::ViewOrder { uuid: &order.uuid });
        let news = match to {
            OrderStatus::Confirmed => "We have confirmed your order and are packing it.",
            OrderStatus::Shipped => "Your order is on its way.",
            OrderStatus::Delivered => {
                "Your order has been delivered. Thank you for shopping with us."
            }
            OrderStatus::Cancelled => {
                "Your order has been cancelled. If you paid by bank transfer, we will refund you."
            }
            OrderStatus::Placed | OrderStatus::AwaitingPayment => "Your order has been updated.",
        };
        outbox::enqueue(
            conn,
            &mail.compose(
                &order.contact.email,
                &format!(
                    "Order {}: {} — {}",
                    order.number,
                    to.as_str().replace('_', " "),
                    mail.shop_name
                ),
                &format!("Hello {},", order.contact.name),
                &[news],
                Some(Button {
                    label: "View your order",
                    url: &url,
                }),
            ),
        )?;
        Ok(order)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_move_forward_and_cancel_only_before_shipping() {
        use OrderStatus::*;
        assert!(
            allowed(Placed, Confirmed)
                && allowed(Confirmed, Shipped)
                && allowed(Shipped, Delivered)
        );
        assert!(allowed(AwaitingPayment, Cancelled));
        assert!(!allowed(Shipped, Cancelled));
        assert!(!allowed(Delivered, Placed));
        assert!(
            !allowed(AwaitingPayment, Shipped),
            "a bank transfer is confirmed before it ships"
        );
    }
}
