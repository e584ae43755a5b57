//! Three Trios's full-screen UI: the screen's state and its one way to change
//! (`app`), what each cell shows at a point of the match (`cells`), and its pure drawing
//! (`view`).

pub mod app;
pub mod cells;
pub mod view;
