//! Connect Four's entry: everything trios' commands, home screen and server do with it, from
//! the shared parts of a game on the stones screen.

use trios::registry::stones::{self, TextReplay};
use trios::registry::{DUEL_ACTIONS, Entry, GameInfo, LobbyGame, LobbyRows, Sim};
use trios::setup::clock::TimeControl;
use trios::tui::lobby::{GameOptions, Item};

use crate::platform::{KIND, Options, STRATEGY_NAMES, title};
use crate::rules::Board;
use crate::text;

/// The computer a person faces when none is chosen.
const OPPONENT: &str = "expert";

/// Connect Four as trios lists it.
pub static ENTRY: Entry = Entry {
    game: GameInfo {
        kind: KIND,
        title: "Connect Four",
        opponents: || STRATEGY_NAMES.iter().rev().copied().collect(),
    },
    takes_rivals: false,
    flags_given: |_| None,
    flags_refused_first: false,
    play: |args| stones::play::<Board>(args, OPPONENT, text::run),
    resume: Some(|path, _, ui| stones::resume::<Board>(path, ui, text::run)),
    resume_screen: Some(stones::resume_screen::<Board>),
    launch: stones::launch::<Board>,
    replay: Some(|path, ui| stones::replay::<Board>(path, ui, &REPLAY)),
    replay_screen: Some(stones::replay_screen::<Board>),
    solve: None,
    tool: |_| None,
    perft: None,
    sim: Sim::Not("play it with trios play --game connect-four"),
    showcase: None,
    takes_position: false,
    solve_hint: None,
    read_record: Some(trios::registry::read_duel::<Board>),
    ended: trios::registry::duel_ended::<Board>,
    open_table: stones::open_table::<Board>,
    join_table: stones::join_table::<Board>,
    lobby: LobbyGame {
        kind: KIND,
        description: "drop stones in seven columns; four in a row wins",
        short_title: "Connect 4",
        rating_groups: &["connect-four"],
        lobby_options: LobbyRows {
            home: &[Item::Opponent, Item::Clock],
            server: &[Item::Clock, Item::Opponent],
        },
        home_actions: DUEL_ACTIONS,
        own_rows: &[],
        clocks: &[
            TimeControl::new(2, 2),
            TimeControl::new(1, 2),
            TimeControl::new(5, 5),
        ],
        option_value: |_, _| None,
        home_words: |_| None,
        race_progress: None,
        most_players: 2,
        table_from_setup: false,
        options: |_, _| GameOptions::new(KIND, Options {}),
        alone: None,
        saved_line: trios::registry::duel_saved_line::<Board>,
        resumes: true,
    },
    daily: None,
};

/// `trios replay --ui text` of a Connect Four record.
static REPLAY: TextReplay<Board> = TextReplay {
    turn: |turn| format!("{} plays {}", title(turn.side), turn.mv),
    view: Board::render,
    end: |game| format!("{}\n", text::game_over_line(game)),
};
