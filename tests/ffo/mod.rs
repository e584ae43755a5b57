//! The published FFO endgame problems #40 to #59 (20 to 34 empties), shared by the Reversi
//! engine tests and the `reversi_ffo` example that solves them in a release build.

/// Published FFO problems, in order: number, position (64 squares a1, b1, .. h8 as `X`, `O`
/// or `-`, then the side to move), value for the side to move (final disc margin), and every
/// move reaching it. Only the release-build example solves them from the start; the
/// unoptimised tests play them on to a few empties first.
pub const FFO: &[(u32, &str, i32, &[&str])] = &[
    (
        40,
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        38,
        &["a2"],
    ),
    (
        41,
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
        0,
        &["h4"],
    ),
    (
        42,
        "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
        6,
        &["g2"],
    ),
    (
        43,
        "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
        -12,
        &["c7", "g3"],
    ),
    (
        44,
        "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O",
        -14,
        &["d2", "b8"],
    ),
    (
        45,
        "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X",
        6,
        &["b2"],
    ),
    (
        46,
        "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X",
        -8,
        &["b3"],
    ),
    (
        47,
        "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O",
        4,
        &["g2"],
    ),
    (
        48,
        "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O",
        28,
        &["f6"],
    ),
    (
        49,
        "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X",
        16,
        &["e1"],
    ),
    (
        50,
        "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X",
        10,
        &["d8"],
    ),
    (
        51,
        "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O",
        6,
        &["e2", "a3"],
    ),
    (
        52,
        "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O",
        0,
        &["a3"],
    ),
    (
        53,
        "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X",
        -2,
        &["d8"],
    ),
    (
        54,
        "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X",
        -2,
        &["c7"],
    ),
    (
        55,
        "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O",
        0,
        &["g6", "b7", "e2", "g4"],
    ),
    (
        56,
        "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O",
        2,
        &["h5"],
    ),
    (
        57,
        "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X",
        -10,
        &["a6"],
    ),
    (
        58,
        "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X",
        4,
        &["g1"],
    ),
    (
        59,
        "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X",
        64,
        &["h4", "g8", "e8"],
    ),
];
