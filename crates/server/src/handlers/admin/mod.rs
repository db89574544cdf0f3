//! Staff routes, under `/api/admin`, each behind [`actor::StaffActor`].

pub mod actor;
pub mod catalog;
