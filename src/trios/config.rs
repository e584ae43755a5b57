//! Board and card files: parsing with errors that name file, line and column.
