//! The shared store: a Postgres database that several servers use at once.
