//! The order check of `tests/it/layers.rs`, run on any source folder: every use of a module
//! in the same or a higher layer, one a line, and how many.
//!
//! Run: `cargo run --example layers -- [SRC]` (default `src`); on an older checkout, give
//! its `src` folder to see the uses its layers would break.

#[allow(dead_code)]
#[path = "../tests/it/layers.rs"]
mod layers;

fn main() {
    let src = std::env::args().nth(1).unwrap_or_else(|| "src".to_string());
    let path = std::path::Path::new(&src);
    if !path.is_dir() {
        eprintln!("error: {src}: not a folder; give a source folder (default src)");
        std::process::exit(2);
    }
    let breaches = layers::breaches(path);
    for breach in &breaches {
        println!("{breach}");
    }
    println!("{} uses against the order", breaches.len());
}
