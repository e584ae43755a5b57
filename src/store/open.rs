//! Opening the store a command line names: a Postgres URL, or the SQLite file in the data
//! folder.
