//! The embedded store: one SQLite file in the data folder, in WAL mode.
