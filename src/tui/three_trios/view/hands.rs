//! The two hands: Red's on the left, Blue's on the right, with cursor and picked card;
//! as small card tiles where the whole deal fits that way, else as a list.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use unicode_width::UnicodeWidthStr;

use super::layout::{HandArea, Layout};
use crate::games::three_trios::{Card, Direction, Player};
use crate::tui::three_trios::app::{Focus, ThreeTriosScreen};
use crate::tui::view::fit::fit;
use crate::tui::view::theme::Theme;

/// Draws both hands as they are at the point shown.
pub fn draw(app: &ThreeTriosScreen, layout: &Layout, buf: &mut Buffer) {
    let shown_game = app.shown_game();
    for player in Player::BOTH {
        let hand: Vec<&Card> = shown_game.hand(player).collect();
        draw_hand(
            app,
            player,
            &hand,
            app.shown_score(player),
            layout.hand(player),
            buf,
        );
    }
}

fn draw_hand(
    app: &ThreeTriosScreen,
    player: Player,
    hand: &[&Card],
    score: usize,
    area: &HandArea,
    buf: &mut Buffer,
) {
    let theme = app.theme;
    // The marker follows the board shown; the cursor and the pick follow the live game,
    // where keys act.
    let to_move = app.shown_turn() == Some(player);
    let live_turn =
        !app.game().is_over() && app.game().turn() == player && app.motion.replay.is_none();
    let seat = app.seat_label(player);
    let marker = if to_move { "▶ " } else { "" };
    let side = format!(" {marker}{player}");
    // The seat's name gives way, ending in `…`, before it would run into the corner.
    let room = usize::from(area.block.width.saturating_sub(2)).saturating_sub(side.width() + 2);
    let title = Line::from(vec![
        Span::styled(side, theme.owner_text(player)),
        Span::styled(format!(" {} ", fit(&seat, room)), theme.dim()),
    ]);
    let score = format!(" {score} ");
    let (set, border_style) = match player {
        Player::Red => (border::PLAIN, theme.owner_text(player)),
        Player::Blue => (border::DOUBLE, theme.owner_text(player)),
    };
    Block::bordered()
        .border_set(set)
        .border_style(if to_move { border_style } else { theme.dim() })
        .title(title)
        .title_bottom(Line::from(Span::styled(score, theme.owner_text(player))).right_aligned())
        .render(area.block, buf);
    let human_cursor = live_turn && app.human_to_move() && app.board.focus == Focus::Hand;
    let above = area.first;
    let below = hand.len().saturating_sub(area.first + area.capacity());
    // Only the cards on screen are visited: a hand may hold half a million.
    for (index, card) in hand
        .iter()
        .enumerate()
        .skip(area.first)
        .take(area.capacity())
    {
        let Some(rect) = area.card_rect(index) else {
            continue;
        };
        let picked = live_turn && app.board.picked == Some(index);
        let cursor = human_cursor && app.board.hand_cursor == index;
        if area.tiles_per_row > 0 {
            let look = TileLook {
                owner: player,
                picked,
                cursor,
            };
            draw_tile(index, card, look, rect, &theme, buf);
            continue;
        }
        let style = if cursor {
            theme.cursor()
        } else if picked {
            theme.picked()
        } else {
            Style::new()
        };
        draw_card(index, card, picked, rect, style, area.rows_per_card, buf);
    }
    if above > 0 {
        buf.set_string(
            area.block.right().saturating_sub(5),
            area.block.y,
            "▲",
            theme.dim(),
        );
    }
    if below > 0 {
        // Bottom-left: the score sits bottom-right and may take several digits.
        buf.set_string(
            area.block.x + 2,
            area.block.bottom().saturating_sub(1),
            "▼",
            theme.dim(),
        );
    }
}

fn draw_card(
    index: usize,
    card: &Card,
    picked: bool,
    rect: Rect,
    style: Style,
    rows: u16,
    buf: &mut Buffer,
) {
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            buf[(x, y)].set_symbol(" ").set_style(style);
        }
    }
    let number = if index < 9 {
        format!("{}", index + 1)
    } else {
        " ".to_string()
    };
    let pick = if picked { "»" } else { " " };
    let v = |d: Direction| card.value(d).to_string();
    let values = format!(
        "↑{} ↓{} →{} ←{}",
        v(Direction::North),
        v(Direction::South),
        v(Direction::East),
        v(Direction::West)
    );
    let width = rect.width as usize;
    if rows >= 2 {
        // A name longer than the row ends in `…`, so a cut name never passes for whole.
        let name = fit(card.name(), width.saturating_sub(3));
        buf.set_stringn(
            rect.x,
            rect.y,
            format!("{pick}{number} {name}"),
            width,
            style,
        );
        buf.set_stringn(rect.x, rect.y + 1, format!("   {values}"), width, style);
    } else {
        let compact = format!(
            "{} {} {} {}",
            v(Direction::North),
            v(Direction::South),
            v(Direction::East),
            v(Direction::West)
        );
        let name_room = width.saturating_sub(compact.len() + 4);
        let name = fit(card.name(), name_room);
        let pad = " ".repeat(name_room.saturating_sub(name.width()));
        let line = format!("{pick}{number} {name}{pad} {compact}");
        buf.set_stringn(rect.x, rect.y, line, width, style);
    }
}

/// How a hand's card tile is drawn: whose it is, and whether it is picked or under the
/// cursor.
#[derive(Debug, Clone, Copy)]
struct TileLook {
    owner: Player,
    picked: bool,
    cursor: bool,
}

/// Card `index` as a small tile, as it would lie on the board: its number (and `»` when
/// picked) on the top border, its name, its four values around its owner's letter, in its
/// owner's colour and border (plain for Red, double for Blue, thick under the cursor).
fn draw_tile(
    index: usize,
    card: &Card,
    look: TileLook,
    rect: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let style = if look.cursor {
        theme.cursor()
    } else if look.picked {
        theme.picked()
    } else {
        theme.card(look.owner)
    };
    let set = match (look.cursor, look.owner) {
        (true, _) => border::THICK,
        (false, Player::Red) => border::PLAIN,
        (false, Player::Blue) => border::DOUBLE,
    };
    Block::bordered()
        .border_set(set)
        .style(style)
        .render(rect, buf);
    let inner = usize::from(rect.width.saturating_sub(2));
    let pick = if look.picked { "»" } else { "" };
    // Cards past the ninth are picked by typing their number, so every tile shows it.
    let number = format!("{pick}{}", index + 1);
    buf.set_stringn(rect.x + 1, rect.y, &number, inner, style);
    let name = fit(card.name(), inner);
    let centred = |text: &str| rect.x + rect.width.saturating_sub(text.width() as u16) / 2;
    buf.set_stringn(centred(&name), rect.y + 1, &name, inner, style);
    let value = |d: Direction| card.value(d).to_string();
    let middle = rect.y + rect.height / 2;
    let north = value(Direction::North);
    let south = value(Direction::South);
    buf.set_string(centred(&north), rect.y, &north, style);
    buf.set_string(rect.x + 1, middle, value(Direction::West), style);
    let letter = look.owner.letter().to_string();
    buf.set_string(centred(&letter), middle, &letter, style);
    buf.set_string(
        rect.right().saturating_sub(2),
        middle,
        value(Direction::East),
        style,
    );
    buf.set_string(
        centred(&south),
        rect.bottom().saturating_sub(1),
        &south,
        style,
    );
    if look.picked {
        let label = "picked";
        buf.set_stringn(centred(label), rect.y + 3, label, inner, style);
    }
}
