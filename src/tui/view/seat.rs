//! A seat's name as the screens write it: alone, `alice (away)` while its person has stepped
//! out; inside its side's parentheses, `Dark (alice, away)`, never two pairs nested. Duels
//! and races write the mark the same way.

use crate::controller::table::{SeatState, SeatView};

/// `name` alone, marked when its person is `away`: `alice`, `alice (away)`.
pub(crate) fn alone(name: &str, away: bool) -> String {
    if away {
        format!("{name} (away)")
    } else {
        name.to_string()
    }
}

/// `name` inside its side's parentheses, marked when its person is `away`: the `alice, away`
/// of `Dark (alice, away)`.
pub(crate) fn beside(name: &str, away: bool) -> String {
    if away {
        format!("{name}, away")
    } else {
        name.to_string()
    }
}

/// A table's seat inside its side's parentheses: as [`SeatView::label`] writes it alone,
/// but `alice, away` for `alice (away)`.
pub(crate) fn view_beside(seat: &SeatView) -> String {
    match seat.state {
        SeatState::Away => beside(&seat.name, true),
        _ => seat.label(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_away_mark_nests_no_parentheses() {
        let away = SeatView {
            name: "alice".into(),
            state: SeatState::Away,
        };
        assert_eq!(alone("alice", true), away.label());
        assert_eq!(
            format!("Dark ({})", view_beside(&away)),
            "Dark (alice, away)"
        );
        let open = SeatView {
            name: String::new(),
            state: SeatState::Open,
        };
        assert_eq!(view_beside(&open), "open seat");
    }
}
