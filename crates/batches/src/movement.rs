//! Every change of stock is a `stock_movements` row: `delta` is how the saleable stock moved,
//! `batch_delta` how the batch's units moved (an allotment to an order moves the batch, not the
//! saleable stock the order reserved when it was placed).

use chrono::NaiveDateTime;
use db::schema::stock_movements;
use db::{BatchId, DbConnection, OrderId, UserId, VariantId};
use diesel::prelude::*;

#[derive(Debug, Clone)]
pub struct Movement<'a> {
    pub variant: VariantId,
    pub batch: Option<BatchId>,
    pub delta: i32,
    pub batch_delta: Option<i32>,
    pub reason: &'a str,
    pub note: Option<&'a str>,
    pub order: Option<OrderId>,
    pub actor: Option<UserId>,
    pub at: NaiveDateTime,
}

impl Movement<'_> {
    pub fn record(&self, conn: &mut DbConnection) -> QueryResult<i64> {
        diesel::insert_into(stock_movements::table)
            .values((
                stock_movements::variant_id.eq(self.variant),
                stock_movements::batch_id.eq(self.batch),
                stock_movements::delta.eq(self.delta),
                stock_movements::batch_delta.eq(self.batch_delta),
                stock_movements::reason.eq(self.reason),
                stock_movements::note.eq(self.note),
                stock_movements::order_id.eq(self.order),
                stock_movements::actor_id.eq(self.actor),
                stock_movements::created_at.eq(self.at),
            ))
            .returning(stock_movements::id)
            .get_result(conn)
    }
}
