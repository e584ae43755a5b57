//! A Three Trios table's types, for the tests that seat players at one.

use trios::controller::table;
use trios::setup::three_trios::MatchConfig;

pub type Table = table::Table<MatchConfig>;
pub type TableSpec = table::TableSpec<MatchConfig>;
pub type Joined = table::Joined<MatchConfig>;
pub type News = table::News<MatchConfig>;
pub type Request = table::Request<MatchConfig>;
