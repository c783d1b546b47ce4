//! Helpers shared by the formatter's tests.

pub mod layout;
