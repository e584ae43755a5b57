//! How every full-screen board names its cells, the way Othello players read a board: a
//! letter for the column (`a` at the left; `z`, then `aa`, `ab`, … on wide boards) and the
//! row counted from 1 at the top, so `f5` is the sixth column of the fifth row. The text
//! protocols keep their briefs' forms; docs/coordinates.md says how each maps to these.

/// The letters of column `col` (0-based): `a`…`z`, then `aa`, `ab`, … as a spreadsheet's.
pub fn column(col: usize) -> String {
    let mut letters = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(char::from(b'a' + rem as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// The number of row `row` (0-based): counted from 1.
pub fn row(row: usize) -> String {
    (row + 1).to_string()
}

/// The name of the cell at `row`, `col` (both 0-based): `f5`.
pub fn cell(row: usize, col: usize) -> String {
    format!("{}{}", column(col), self::row(row))
}

/// `a–h`, `1–8`: a run of columns or rows as the labels name them.
pub fn columns(first: usize, last: usize) -> String {
    format!("{}–{}", column(first), column(last))
}

/// A run of rows, counted from 1.
pub fn rows(first: usize, last: usize) -> String {
    format!("{}–{}", row(first), row(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_run_a_to_z_then_two_letters_as_a_spreadsheet() {
        let names: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
            .into_iter()
            .map(column)
            .collect();
        assert_eq!(
            names,
            ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"].map(String::from)
        );
        assert_eq!(cell(4, 5), "f5");
        assert_eq!(cell(0, 0), "a1");
    }
}
