//! Screenshots: turns a rendered ratatui screen (a [`Buffer`]) into an SVG image for the README,
//! so the screenshots always come from the real renderer instead of being drawn by hand.
//!
//! Every cell is monospace text on a background rectangle, laid out on a fixed grid; adjacent
//! cells of a row that look the same share one `<text>` element. Box-drawing lines (U+2500 to
//! U+257F, apart from the diagonal ones) and block elements (U+2580 to U+259F) are
//! drawn as shapes rather than text, the way many terminals do it, so borders join up whatever
//! font the viewer has.

use std::fmt::{self, Write};

use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::style::{Color, Modifier};

const FONT_SIZE: f64 = 16.0;
/// Width of one terminal cell in pixels: the advance of DejaVu Sans Mono (and of Menlo, its
/// descendant), 1233 units of 2048 to the em, so that text lines up with the grid even where
/// `textLength` is not supported (librsvg ignores it).
const CELL_W: f64 = FONT_SIZE * 1233.0 / 2048.0;
/// Height of one terminal cell in pixels.
const CELL_H: f64 = 20.0;
/// Distance from the top of a cell to the text baseline: DejaVu Sans Mono's ascent and
/// descent (18.6 pixels in all) centred in the cell, which also puts the font's own
/// box-drawing lines (the dashed ones) on the middle of the cell, like the drawn ones.
const BASELINE: f64 = 15.5;
/// Margin around the grid.
const PAD: f64 = 8.0;
const FONT_FAMILY: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
/// Thickness of light and heavy box-drawing lines.
const LIGHT: f64 = 1.2;
const HEAVY: f64 = 2.8;
/// Distance from the middle of a cell to each of the two strokes of a double line.
const DOUBLE_GAP: f64 = 1.8;
/// How far shapes that reach a cell's left or right side poke into the next cell, so that
/// neighbouring pieces of one line overlap instead of leaving an anti-aliased seam between
/// them. Cell tops and bottoms fall on whole pixels and need no overlap; there it would
/// show as brighter specks along the anti-aliased sides of vertical lines.
const OVERLAP: f64 = 0.3;

type Rgb = (u8, u8, u8);

/// Colours used for `Color::Reset` and the 16 named ANSI colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    /// Text colour for `Color::Reset`.
    pub foreground: Rgb,
    /// Background colour for `Color::Reset`, and of the whole image.
    pub background: Rgb,
    /// The 16 ANSI colours in order: black, red, green, yellow, blue, magenta, cyan, gray,
    /// dark gray, then the light variants of red to cyan, and white.
    pub ansi: [Rgb; 16],
}

impl Default for Palette {
    /// A dark palette with soft, clearly distinct colours.
    fn default() -> Self {
        Palette {
            foreground: (0xd5, 0xd9, 0xe0),
            background: (0x17, 0x1a, 0x21),
            ansi: [
                (0x2b, 0x2f, 0x3a), // black
                (0xe0, 0x60, 0x62), // red
                (0x82, 0xc0, 0x6c), // green
                (0xe2, 0xbb, 0x5e), // yellow
                (0x5c, 0x9c, 0xe5), // blue
                (0xbe, 0x7c, 0xdf), // magenta
                (0x4d, 0xbd, 0xc6), // cyan
                (0xb6, 0xbc, 0xc6), // gray
                (0x62, 0x69, 0x76), // dark gray
                (0xff, 0x8a, 0x8a), // light red
                (0xa8, 0xe0, 0x8e), // light green
                (0xf4, 0xd8, 0x82), // light yellow
                (0x8a, 0xbc, 0xfb), // light blue
                (0xda, 0xa6, 0xf4), // light magenta
                (0x88, 0xdf, 0xe6), // light cyan
                (0xf3, 0xf5, 0xf8), // white
            ],
        }
    }
}

/// Renders `buffer` as a standalone SVG document.
pub fn buffer_to_svg(buffer: &Buffer, palette: &Palette) -> String {
    let cols = usize::from(buffer.area.width);
    let rows = usize::from(buffer.area.height);
    // Whole pixels, so that a rasterised image has no half-transparent last column.
    let width = (cols as f64 * CELL_W + 2.0 * PAD).ceil();
    let height = rows as f64 * CELL_H + 2.0 * PAD;

    let mut backgrounds = String::new();
    let mut shapes = String::new();
    let mut texts = String::new();
    for row in 0..rows {
        let glyphs = row_glyphs(&buffer.content()[row * cols..(row + 1) * cols], palette);
        let y = row as f64 * CELL_H;
        write_backgrounds(&mut backgrounds, &glyphs, y, palette.background);
        let mut start = 0;
        while start < glyphs.len() {
            let look = glyphs[start].look;
            let end = glyphs[start..]
                .iter()
                .position(|g| g.look != look)
                .map_or(glyphs.len(), |n| start + n);
            write_run(&mut shapes, &mut texts, &glyphs[start..end], y, palette);
            start = end;
        }
    }

    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"{bg}\"/>\n\
         <g transform=\"translate({PAD} {PAD})\">\n<g shape-rendering=\"crispEdges\">\n\
         {backgrounds}</g>\n{shapes}<g font-family=\"{FONT_FAMILY}\" font-size=\"{FONT_SIZE}\" \
         fill=\"{fg}\">\n{texts}</g>\n</g>\n</svg>\n",
        w = Num(width),
        h = Num(height),
        bg = Hex(palette.background),
        fg = Hex(palette.foreground),
    );
    svg
}

/// How a cell is drawn, once colours are resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Look {
    fg: Rgb,
    bg: Rgb,
    bold: bool,
    italic: bool,
    dim: bool,
    underlined: bool,
    crossed_out: bool,
    hidden: bool,
}

/// A visible cell: its symbol, where it starts and how many columns it covers.
struct Glyph<'a> {
    col: usize,
    width: usize,
    symbol: &'a str,
    look: Look,
}

/// The cells of one row, with the cells hidden under a wide character left out.
fn row_glyphs<'a>(cells: &'a [Cell], palette: &Palette) -> Vec<Glyph<'a>> {
    let mut glyphs = Vec::with_capacity(cells.len());
    let mut col = 0;
    while col < cells.len() {
        let cell = &cells[col];
        // Single bytes are one column; asking ratatui about a control character would panic.
        let width = match cell.diff_option {
            CellDiffOption::ForcedWidth(width) => width.get(),
            _ if cell.symbol().len() <= 1 => 1,
            _ => cell.cell_width(),
        };
        let width = usize::from(width).clamp(1, cells.len() - col);
        glyphs.push(Glyph {
            col,
            width,
            symbol: cell.symbol(),
            look: look(cell, palette),
        });
        col += width;
    }
    glyphs
}

fn look(cell: &Cell, palette: &Palette) -> Look {
    let m = cell.modifier;
    let mut fg = rgb(cell.fg, palette.foreground, palette);
    let mut bg = rgb(cell.bg, palette.background, palette);
    if m.contains(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    Look {
        fg,
        bg,
        bold: m.contains(Modifier::BOLD),
        italic: m.contains(Modifier::ITALIC),
        dim: m.contains(Modifier::DIM),
        underlined: m.contains(Modifier::UNDERLINED),
        crossed_out: m.contains(Modifier::CROSSED_OUT),
        hidden: m.contains(Modifier::HIDDEN),
    }
}

/// The colour `color` stands for; `reset` is what `Color::Reset` means in its position.
fn rgb(color: Color, reset: Rgb, palette: &Palette) -> Rgb {
    let ansi = |n: usize| palette.ansi[n];
    match color {
        Color::Reset => reset,
        Color::Black => ansi(0),
        Color::Red => ansi(1),
        Color::Green => ansi(2),
        Color::Yellow => ansi(3),
        Color::Blue => ansi(4),
        Color::Magenta => ansi(5),
        Color::Cyan => ansi(6),
        Color::Gray => ansi(7),
        Color::DarkGray => ansi(8),
        Color::LightRed => ansi(9),
        Color::LightGreen => ansi(10),
        Color::LightYellow => ansi(11),
        Color::LightBlue => ansi(12),
        Color::LightMagenta => ansi(13),
        Color::LightCyan => ansi(14),
        Color::White => ansi(15),
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(n) => indexed(n, palette),
    }
}

/// The xterm 256-colour table: the 16 palette colours, a 6x6x6 colour cube, 24 greys.
fn indexed(n: u8, palette: &Palette) -> Rgb {
    match n {
        0..=15 => palette.ansi[usize::from(n)],
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let i = n - 16;
            (level(i / 36), level(i / 6 % 6), level(i % 6))
        }
        _ => {
            let v = 8 + 10 * (n - 232);
            (v, v, v)
        }
    }
}

/// One rectangle per stretch of the row with the same background, except the image's own.
fn write_backgrounds(out: &mut String, glyphs: &[Glyph], y: f64, default: Rgb) {
    let mut i = 0;
    while i < glyphs.len() {
        let bg = glyphs[i].look.bg;
        let mut j = i + 1;
        while j < glyphs.len() && glyphs[j].look.bg == bg {
            j += 1;
        }
        if bg != default {
            let first = glyphs[i].col;
            let last = &glyphs[j - 1];
            let cells = last.col + last.width - first;
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                Num(first as f64 * CELL_W),
                Num(y),
                Num(cells as f64 * CELL_W),
                Num(CELL_H),
                Hex(bg),
            );
        }
        i = j;
    }
}

/// Writes a run of same-looking glyphs: its box-drawing and block shapes, and its text.
///
/// The text is one `<text>` element stretched to exactly the run's cells; a wide character
/// gets an element of its own so that a font whose wide glyphs are not exactly two cells
/// wide cannot shift the characters around it.
fn write_run(shapes: &mut String, texts: &mut String, run: &[Glyph], y: f64, palette: &Palette) {
    let look = run[0].look;
    if look.hidden {
        return;
    }
    let mut rects = Vec::new();
    let mut arcs = String::new();
    // Text pieces as (first column, columns covered, text).
    let mut pieces: Vec<(usize, usize, String)> = Vec::new();
    let mut open = false;
    for glyph in run {
        let x = glyph.col as f64 * CELL_W;
        let drawn = glyph.width == 1 && draw_shape(glyph.symbol, x, y, &mut rects, &mut arcs);
        let symbol = if drawn || glyph.symbol.is_empty() {
            " "
        } else {
            glyph.symbol
        };
        if glyph.width == 1 && open {
            let piece = pieces.last_mut().expect("an open piece exists");
            piece.1 += 1;
            piece.2.push_str(symbol);
        } else {
            pieces.push((glyph.col, glyph.width, symbol.to_string()));
            open = glyph.width == 1;
        }
    }

    let opacity = if look.dim { " opacity=\"0.5\"" } else { "" };
    // One path per opacity: the pieces of a line overlap where they join, and filling them
    // as one shape keeps their anti-aliased edges from adding up there.
    let mut outlines: Vec<(f64, String)> = Vec::new();
    if !arcs.is_empty() {
        outlines.push((1.0, arcs));
    }
    for (x, y, w, h, alpha) in merge_rects(rects) {
        let d = match outlines.iter_mut().find(|(a, _)| *a == alpha) {
            Some((_, d)) => d,
            None => {
                outlines.push((alpha, String::new()));
                &mut outlines.last_mut().expect("just pushed").1
            }
        };
        let _ = write!(
            d,
            "M{} {}h{}v{}h{}z",
            Num(x),
            Num(y),
            Num(w),
            Num(h),
            Num(-w)
        );
    }
    for (alpha, d) in outlines {
        let _ = write!(shapes, "<path fill=\"{}\"", Hex(look.fg));
        if alpha < 1.0 {
            let _ = write!(shapes, " fill-opacity=\"{}\"", Num(alpha));
        }
        let _ = writeln!(shapes, "{opacity} d=\"{d}\"/>");
    }

    let mut attrs = String::new();
    if look.fg != palette.foreground {
        let _ = write!(attrs, " fill=\"{}\"", Hex(look.fg));
    }
    if look.bold {
        attrs.push_str(" font-weight=\"bold\"");
    }
    if look.italic {
        attrs.push_str(" font-style=\"italic\"");
    }
    let decoration = match (look.underlined, look.crossed_out) {
        (true, true) => "underline line-through",
        (true, false) => "underline",
        (false, true) => "line-through",
        (false, false) => "",
    };
    if !decoration.is_empty() {
        let _ = write!(attrs, " text-decoration=\"{decoration}\"");
    }
    attrs.push_str(opacity);

    for (mut col, mut cells, mut text) in pieces {
        // Blank edges need no glyphs, unless a line is drawn under or through them.
        if decoration.is_empty() {
            let trimmed = text.trim_end_matches(' ');
            cells -= text.len() - trimmed.len();
            text.truncate(trimmed.len());
            let trimmed = text.trim_start_matches(' ');
            let lead = text.len() - trimmed.len();
            col += lead;
            cells -= lead;
            text.drain(..lead);
        }
        if text.is_empty() {
            continue;
        }
        let _ = writeln!(
            texts,
            "<text x=\"{}\" y=\"{}\" textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\" \
             xml:space=\"preserve\"{attrs}>{}</text>",
            Num(col as f64 * CELL_W),
            Num(y + BASELINE),
            Num(cells as f64 * CELL_W),
            Escaped(&text),
        );
    }
}

/// A filled rectangle (x, y, width, height, opacity).
type Rect = (f64, f64, f64, f64, f64);

/// Joins rectangles that continue one another along a row, so that a border becomes one
/// rectangle per stroke instead of one per cell.
fn merge_rects(mut rects: Vec<Rect>) -> Vec<Rect> {
    rects.sort_by(|a, b| {
        (a.1.total_cmp(&b.1))
            .then(a.3.total_cmp(&b.3))
            .then(a.4.total_cmp(&b.4))
            .then(a.0.total_cmp(&b.0))
    });
    let mut merged: Vec<Rect> = Vec::with_capacity(rects.len());
    for r in rects {
        match merged.last_mut() {
            Some(m) if m.1 == r.1 && m.3 == r.3 && m.4 == r.4 && r.0 <= m.0 + m.2 + 1e-9 => {
                m.2 = m.2.max(r.0 + r.2 - m.0);
            }
            _ => merged.push(r),
        }
    }
    merged
}

/// Line weights of the box-drawing characters U+2500 to U+257F, two bits per direction:
/// up in bits 0-1, right in 2-3, down in 4-5, left in 6-7; 1 is light, 2 heavy, 3 double.
/// Zero marks the characters drawn otherwise (dashes, arcs) or left to the font (diagonals).
#[rustfmt::skip]
const BOX_LINES: [u8; 128] = [
    0x44, 0x88, 0x11, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x18, 0x24, 0x28,
    0x50, 0x90, 0x60, 0xa0, 0x05, 0x09, 0x06, 0x0a, 0x41, 0x81, 0x42, 0x82, 0x15, 0x19, 0x16, 0x25,
    0x26, 0x1a, 0x29, 0x2a, 0x51, 0x91, 0x52, 0x61, 0x62, 0x92, 0xa1, 0xa2, 0x54, 0x94, 0x58, 0x98,
    0x64, 0xa4, 0x68, 0xa8, 0x45, 0x85, 0x49, 0x89, 0x46, 0x86, 0x4a, 0x8a, 0x55, 0x95, 0x59, 0x99,
    0x56, 0x65, 0x66, 0x96, 0x5a, 0xa5, 0x69, 0x9a, 0xa9, 0xa6, 0x6a, 0xaa, 0x00, 0x00, 0x00, 0x00,
    0xcc, 0x33, 0x1c, 0x34, 0x3c, 0xd0, 0x70, 0xf0, 0x0d, 0x07, 0x0f, 0xc1, 0x43, 0xc3, 0x1d, 0x37,
    0x3f, 0xd1, 0x73, 0xf3, 0xdc, 0x74, 0xfc, 0xcd, 0x47, 0xcf, 0xdd, 0x77, 0xff, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x40, 0x01, 0x04, 0x10, 0x80, 0x02, 0x08, 0x20, 0x48, 0x21, 0x84, 0x12,
];

const UP: usize = 0;
const RIGHT: usize = 1;
const DOWN: usize = 2;
const LEFT: usize = 3;

/// Draws `symbol` as shapes in the cell at (`x`, `y`) if it is a box-drawing line or a block
/// element; returns whether it did.
fn draw_shape(symbol: &str, x: f64, y: f64, rects: &mut Vec<Rect>, arcs: &mut String) -> bool {
    let mut chars = symbol.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return false;
    };
    let code = u32::from(ch);
    match code {
        0x2500..=0x257f => {
            let bits = BOX_LINES[(code - 0x2500) as usize];
            if bits != 0 {
                let arms = [bits & 3, bits >> 2 & 3, bits >> 4 & 3, bits >> 6 & 3];
                box_lines(arms, x, y, rects);
                true
            } else if (0x256d..=0x2570).contains(&code) {
                // ╭ ╮ ╯ ╰
                let down = code <= 0x256e;
                let right = code == 0x256d || code == 0x2570;
                arc(down, right, x, y, arcs);
                true
            } else {
                dashes(code, x, y, rects)
            }
        }
        0x2580..=0x259f => {
            block(code, x, y, rects);
            true
        }
        _ => false,
    }
}

/// Draws the arms of a box-drawing character; `arms` holds the weight towards up, right,
/// down and left.
fn box_lines(arms: [u8; 4], x: f64, y: f64, rects: &mut Vec<Rect>) {
    let (cx, cy) = (x + CELL_W / 2.0, y + CELL_H / 2.0);
    // How far from the middle the strokes of the arm pointing that way lie.
    let offset = |dir: usize| if arms[dir] == 3 { DOUBLE_GAP } else { 0.0 };
    let thickness = |weight: u8| if weight == 2 { HEAVY } else { LIGHT };
    // Single strokes reach this far past their end so that light and heavy strokes join.
    let join = arms
        .iter()
        .filter(|&&w| w == 1 || w == 2)
        .map(|&w| thickness(w))
        .fold(LIGHT, f64::max)
        / 2.0;

    for (dir, &weight) in arms.iter().enumerate() {
        if weight == 0 {
            continue;
        }
        let vertical = dir == UP || dir == DOWN;
        // The directions across this arm, towards smaller and larger coordinates.
        let sides = if vertical { [LEFT, RIGHT] } else { [UP, DOWN] };
        // Each stroke: its offset across the arm, and where it ends, measured from the
        // middle of the cell towards this arm's side (negative: past the middle).
        let mut strokes = [(0.0, 0.0, 0.0); 2];
        let count = if weight == 3 {
            for (stroke, (side, sign)) in
                strokes.iter_mut().zip([(sides[0], -1.0), (sides[1], 1.0)])
            {
                let other = if side == sides[0] { sides[1] } else { sides[0] };
                // Stop at the near stroke of an arm on this side, else run on to the far
                // stroke of the arm across, closing the corner.
                let end = if arms[side] != 0 {
                    offset(side)
                } else {
                    -offset(other)
                };
                *stroke = (sign * DOUBLE_GAP, end - LIGHT / 2.0, LIGHT);
            }
            2
        } else {
            let end = match (arms[sides[0]] != 0, arms[sides[1]] != 0) {
                (true, true) => offset(sides[0]).max(offset(sides[1])),
                (true, false) => -offset(sides[0]),
                (false, true) => -offset(sides[1]),
                (false, false) => 0.0,
            };
            strokes[0] = (0.0, end - join, thickness(weight));
            1
        };
        for &(across, end, t) in &strokes[..count] {
            let rect = match dir {
                UP => (cx + across - t / 2.0, y, t, cy - end - y),
                DOWN => (cx + across - t / 2.0, cy + end, t, y + CELL_H - cy - end),
                LEFT => (
                    x - OVERLAP,
                    cy + across - t / 2.0,
                    cx - end - x + OVERLAP,
                    t,
                ),
                _ => (
                    cx + end,
                    cy + across - t / 2.0,
                    x + CELL_W - cx - end + OVERLAP,
                    t,
                ),
            };
            rects.push((rect.0, rect.1, rect.2, rect.3, 1.0));
        }
    }
}

/// Draws the dashed lines among the box-drawing characters (┄ ┅ ┆ ┇ ┈ ┉ ┊ ┋ ╌ ╍ ╎ ╏), their
/// dashes evenly spaced so that the gaps between cells match those inside them; returns
/// whether `code` is one.
fn dashes(code: u32, x: f64, y: f64, rects: &mut Vec<Rect>) -> bool {
    let (dashes, variant) = match code {
        0x2504..=0x250b => (if code < 0x2508 { 3 } else { 4 }, code - 0x2504),
        0x254c..=0x254f => (2, code - 0x254c),
        _ => return false,
    };
    let t = if variant % 2 == 1 { HEAVY } else { LIGHT };
    let vertical = variant % 4 >= 2;
    let period = if vertical { CELL_H } else { CELL_W } / f64::from(dashes);
    let gap = 0.4 * period;
    for k in 0..dashes {
        let start = period * f64::from(k) + gap / 2.0;
        rects.push(if vertical {
            (x + (CELL_W - t) / 2.0, y + start, t, period - gap, 1.0)
        } else {
            (x + start, y + (CELL_H - t) / 2.0, period - gap, t, 1.0)
        });
    }
    true
}

/// A rounded corner joining the vertical arm (down or up) and the horizontal one (right or
/// left), as the outline of a light stroke, appended to the path data `d`.
fn arc(down: bool, right: bool, x: f64, y: f64, d: &mut String) {
    let (cx, cy) = (x + CELL_W / 2.0, y + CELL_H / 2.0);
    let (sv, sh) = (
        if down { 1.0 } else { -1.0 },
        if right { 1.0 } else { -1.0 },
    );
    let edge_y = if down { y + CELL_H } else { y };
    let edge_x = if right {
        x + CELL_W + OVERLAP
    } else {
        x - OVERLAP
    };
    // The stroke's middle bends around (cx + sh * r, cy + sv * r); its sides are a half
    // thickness away.
    let r = CELL_W / 2.0;
    let half = LIGHT / 2.0;
    let (outer, inner) = (Num(r + half), Num(r - half));
    let p = |px: f64, py: f64| format!("{} {}", Num(px), Num(py));
    let (p1, p2) = (p(cx - sh * half, edge_y), p(cx - sh * half, cy + sv * r));
    let (p3, p4) = (p(cx + sh * r, cy - sv * half), p(edge_x, cy - sv * half));
    let (p5, p6) = (p(edge_x, cy + sv * half), p(cx + sh * r, cy + sv * half));
    let (p7, p8) = (p(cx + sh * half, cy + sv * r), p(cx + sh * half, edge_y));
    let sweep = u8::from(down == right);
    let back = 1 - sweep;
    // Always clockwise, like the rectangles, so that overlaps with them add up instead of
    // cancelling out under the nonzero fill rule.
    let _ = if sv * sh > 0.0 {
        write!(
            d,
            "M{p1}L{p2}A{outer} {outer} 0 0 {sweep} {p3}L{p4}L{p5}L{p6}\
             A{inner} {inner} 0 0 {back} {p7}L{p8}z"
        )
    } else {
        write!(
            d,
            "M{p8}L{p7}A{inner} {inner} 0 0 {sweep} {p6}L{p5}L{p4}L{p3}\
             A{outer} {outer} 0 0 {back} {p2}L{p1}z"
        )
    };
}

/// Draws a block element (U+2580 to U+259F) as filled rectangles.
fn block(code: u32, x: f64, y: f64, rects: &mut Vec<Rect>) {
    let (w, h) = (CELL_W, CELL_H);
    // Rectangles that reach the left or right side of the cell overlap the neighbour a
    // little, so that a row of blocks has no seams; shades do not, or the overlap would
    // show darker.
    let mut fill = |left: f64, top: f64, right: f64, bottom: f64, alpha: f64| {
        let grow = if alpha < 1.0 { 0.0 } else { OVERLAP };
        let x0 = if left == 0.0 { x - grow } else { x + left * w };
        let x1 = if right == 1.0 {
            x + w + grow
        } else {
            x + right * w
        };
        rects.push((x0, y + top * h, x1 - x0, (bottom - top) * h, alpha));
    };
    let eighths = f64::from(code % 8) / 8.0;
    match code {
        0x2580 => fill(0.0, 0.0, 1.0, 0.5, 1.0),
        // Lower one eighth to full block.
        0x2581..=0x2588 => fill(0.0, 1.0 - f64::from(code - 0x2580) / 8.0, 1.0, 1.0, 1.0),
        // Left seven eighths to left one eighth.
        0x2589..=0x258f => fill(0.0, 0.0, 1.0 - eighths, 1.0, 1.0),
        0x2590 => fill(0.5, 0.0, 1.0, 1.0, 1.0),
        0x2591..=0x2593 => fill(0.0, 0.0, 1.0, 1.0, f64::from(code - 0x2590) / 4.0),
        0x2594 => fill(0.0, 0.0, 1.0, 0.125, 1.0),
        0x2595 => fill(0.875, 0.0, 1.0, 1.0, 1.0),
        _ => {
            // Quadrants: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
            const QUADRANTS: [u8; 10] = [4, 8, 1, 13, 9, 7, 11, 2, 6, 14];
            let bits = QUADRANTS[(code - 0x2596) as usize];
            for (bit, (left, top)) in [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)]
                .into_iter()
                .enumerate()
            {
                if bits & (1 << bit) != 0 {
                    fill(left, top, left + 0.5, top + 0.5, 1.0);
                }
            }
        }
    }
}

/// A length in pixels, written with at most two decimals.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// A colour as `#rrggbb`.
struct Hex(Rgb);

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, g, b) = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// Text with XML's special characters escaped and characters XML forbids replaced.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for ch in self.0.chars() {
            match ch {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\t' | '\n' | '\r' => f.write_char(' ')?,
                c if c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}') => {
                    f.write_char('\u{fffd}')?
                }
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect as Area;
    use ratatui::style::Style;
    use ratatui::widgets::{Block, BorderType, Widget};

    /// The line of `svg` holding the `<text>` element whose content is exactly `content`.
    fn text_element<'a>(svg: &'a str, content: &str) -> &'a str {
        let end = format!(">{content}</text>");
        let mut found = svg
            .lines()
            .filter(|l| l.starts_with("<text") && l.ends_with(&end));
        let line = found
            .next()
            .unwrap_or_else(|| panic!("no <text> for {content:?} in\n{svg}"));
        assert!(found.next().is_none(), "several <text> for {content:?}");
        line
    }

    /// The width of `cells` cells, as written in the SVG.
    fn px(cells: u16) -> String {
        Num(f64::from(cells) * CELL_W).to_string()
    }

    fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
        let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(&element[start..start + element[start..].find('"')?])
    }

    fn styled_buffer() -> Buffer {
        let mut buf = Buffer::empty(Area::new(0, 0, 10, 2));
        let bold_red = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
        buf.set_string(0, 0, "a<b&\"", bold_red);
        let indexed = Style::new().fg(Color::Indexed(196)).bg(Color::Rgb(1, 2, 3));
        buf.set_string(5, 0, "xy", indexed);
        buf.set_string(7, 0, "z", Style::new().fg(Color::Indexed(244)));
        buf.set_string(0, 1, "漢", Style::new().fg(Color::Green));
        buf.set_string(2, 1, "ok", Style::new().add_modifier(Modifier::REVERSED));
        buf
    }

    #[test]
    fn text_colours_and_modifiers() {
        let palette = Palette::default();
        let svg = buffer_to_svg(&styled_buffer(), &palette);

        let red = text_element(&svg, "a&lt;b&amp;&quot;");
        assert_eq!(
            attr(red, "fill"),
            Some(Hex(palette.ansi[1]).to_string().as_str())
        );
        assert_eq!(attr(red, "font-weight"), Some("bold"));
        assert_eq!(attr(red, "x"), Some("0"));
        assert_eq!(attr(red, "y"), Some("15.5"));
        assert_eq!(attr(red, "textLength"), Some(px(5).as_str()));
        assert_eq!(attr(red, "lengthAdjust"), Some("spacingAndGlyphs"));
        assert_eq!(attr(red, "xml:space"), Some("preserve"));
        assert_eq!(svg.matches("font-weight=").count(), 1);

        let xy = text_element(&svg, "xy");
        assert_eq!(attr(xy, "fill"), Some("#ff0000"));
        assert_eq!(attr(xy, "x"), Some(px(5).as_str()));
        let rect = format!(
            r##"<rect x="{}" y="0" width="{}" height="20" fill="#010203"/>"##,
            px(5),
            px(2)
        );
        assert!(svg.contains(&rect));
        assert_eq!(attr(text_element(&svg, "z"), "fill"), Some("#808080"));
        assert_eq!(attr(text_element(&svg, "漢"), "fill"), Some("#82c06c"));

        // Reversed: the text takes the background colour and the cell the foreground one.
        let ok = text_element(&svg, "ok");
        assert_eq!(attr(ok, "fill"), Some("#171a21"));
        let rect = format!(
            r##"<rect x="{0}" y="20" width="{0}" height="20" fill="#d5d9e0"/>"##,
            px(2)
        );
        assert!(svg.contains(&rect));

        // The image: the grid plus padding, on the palette's background.
        let width = Num((10.0 * CELL_W + 16.0).ceil());
        let header =
            format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="56""#);
        assert!(svg.starts_with(&header));
        assert!(svg.contains(&format!(
            r##"<rect width="{width}" height="56" fill="#171a21"/>"##
        )));
        assert!(svg.contains(r#"font-family="DejaVu Sans Mono, Menlo, Consolas, monospace""#));
    }

    #[test]
    fn runs_merge_and_blanks_are_left_out() {
        let svg = buffer_to_svg(&styled_buffer(), &Palette::default());
        // One element per run: the red text, "xy", "z", "漢" and "ok"; nothing for blanks.
        assert_eq!(svg.matches("<text").count(), 5);
        // Only the two non-default backgrounds get rectangles, plus the image's own.
        assert_eq!(svg.matches("<rect").count(), 3);

        let mut buf = Buffer::empty(Area::new(0, 0, 12, 1));
        buf.set_string(1, 0, "one two", Style::new().fg(Color::Cyan));
        buf.set_string(8, 0, "3", Style::new().fg(Color::Yellow));
        let svg = buffer_to_svg(&buf, &Palette::default());
        assert_eq!(svg.matches("<text").count(), 2);
        let words = text_element(&svg, "one two");
        assert_eq!(attr(words, "x"), Some(px(1).as_str()));
        assert_eq!(attr(words, "textLength"), Some(px(7).as_str()));
        assert_eq!(attr(text_element(&svg, "3"), "x"), Some(px(8).as_str()));
    }

    #[test]
    fn wide_characters_keep_the_columns() {
        let mut buf = Buffer::empty(Area::new(0, 0, 8, 1));
        buf.set_string(0, 0, "a漢字bc", Style::new());
        let svg = buffer_to_svg(&buf, &Palette::default());
        assert_eq!(
            attr(text_element(&svg, "a"), "textLength"),
            Some(px(1).as_str())
        );
        let han = text_element(&svg, "漢");
        assert_eq!(attr(han, "x"), Some(px(1).as_str()));
        assert_eq!(attr(han, "textLength"), Some(px(2).as_str()));
        assert_eq!(attr(text_element(&svg, "字"), "x"), Some(px(3).as_str()));
        assert_eq!(attr(text_element(&svg, "bc"), "x"), Some(px(5).as_str()));

        // A wide character's background covers both of its columns.
        let mut buf = Buffer::empty(Area::new(0, 0, 4, 1));
        buf.set_string(1, 0, "漢", Style::new().bg(Color::Blue));
        let svg = buffer_to_svg(&buf, &Palette::default());
        let rect = format!(
            r##"<rect x="{}" y="0" width="{}" height="20" fill="#5c9ce5"/>"##,
            px(1),
            px(2)
        );
        assert!(svg.contains(&rect));
    }

    #[test]
    fn dim_italic_underlined_and_hidden() {
        let mut buf = Buffer::empty(Area::new(0, 0, 12, 1));
        let style = Style::new().add_modifier(Modifier::DIM | Modifier::ITALIC);
        buf.set_string(0, 0, "dim", style);
        buf.set_string(3, 0, "u  ", Style::new().add_modifier(Modifier::UNDERLINED));
        let hidden = Style::new().bg(Color::Red).add_modifier(Modifier::HIDDEN);
        buf.set_string(6, 0, "secret", hidden);
        let svg = buffer_to_svg(&buf, &Palette::default());

        let dim = text_element(&svg, "dim");
        assert_eq!(attr(dim, "opacity"), Some("0.5"));
        assert_eq!(attr(dim, "font-style"), Some("italic"));
        assert_eq!(
            attr(dim, "fill"),
            None,
            "the default colour comes from the group"
        );
        // Underlined blanks keep their place, for the line under them.
        let underlined = text_element(&svg, "u  ");
        assert_eq!(attr(underlined, "text-decoration"), Some("underline"));
        assert_eq!(attr(underlined, "textLength"), Some(px(3).as_str()));
        assert!(!svg.contains("secret"));
        let rect = format!(
            r##"<rect x="{0}" y="0" width="{0}" height="20" fill="#e06062"/>"##,
            px(6)
        );
        assert!(svg.contains(&rect));
    }

    #[test]
    fn indexed_colours_follow_xterm() {
        let palette = Palette::default();
        assert_eq!(indexed(3, &palette), palette.ansi[3]);
        assert_eq!(indexed(16, &palette), (0, 0, 0));
        assert_eq!(indexed(21, &palette), (0, 0, 255));
        assert_eq!(indexed(67, &palette), (95, 135, 175));
        assert_eq!(indexed(231, &palette), (255, 255, 255));
        assert_eq!(indexed(232, &palette), (8, 8, 8));
        assert_eq!(indexed(255, &palette), (238, 238, 238));
        assert_eq!(rgb(Color::LightCyan, (0, 0, 0), &palette), palette.ansi[14]);
        assert_eq!(rgb(Color::DarkGray, (0, 0, 0), &palette), palette.ansi[8]);
        assert_eq!(rgb(Color::Reset, (1, 1, 1), &palette), (1, 1, 1));
    }

    #[test]
    fn box_line_table() {
        let arms = |ch: char| {
            let bits = BOX_LINES[(u32::from(ch) - 0x2500) as usize];
            [bits & 3, bits >> 2 & 3, bits >> 4 & 3, bits >> 6 & 3]
        };
        assert_eq!(arms('─'), [0, 1, 0, 1]);
        assert_eq!(arms('┃'), [2, 0, 2, 0]);
        assert_eq!(arms('┌'), [0, 1, 1, 0]);
        assert_eq!(arms('┘'), [1, 0, 0, 1]);
        assert_eq!(arms('┿'), [1, 2, 1, 2]);
        assert_eq!(arms('╃'), [2, 1, 1, 2]);
        assert_eq!(arms('╔'), [0, 3, 3, 0]);
        assert_eq!(arms('╡'), [1, 0, 1, 3]);
        assert_eq!(arms('╨'), [3, 1, 0, 1]);
        assert_eq!(arms('╬'), [3, 3, 3, 3]);
        assert_eq!(arms('╼'), [0, 2, 0, 1]);
        assert_eq!(arms('┄'), [0, 0, 0, 0]);
    }

    #[test]
    fn borders_and_blocks_are_shapes() {
        let mut buf = Buffer::empty(Area::new(0, 0, 6, 4));
        Block::bordered().render(Area::new(0, 0, 6, 3), &mut buf);
        buf.set_string(0, 3, "█▀▀░╭╯", Style::new().fg(Color::Magenta));
        let svg = buffer_to_svg(&buf, &Palette::default());
        assert!(
            !svg.contains("<text"),
            "no glyph is left to the font:\n{svg}"
        );
        // The top border, from the corner's middle to the other corner's, is one stroke.
        let (x, w) = (Num(CELL_W / 2.0 - 0.6), Num(5.0 * CELL_W + 1.2));
        assert!(svg.contains(&format!("M{x} 9.4h{w}v1.2h-{w}z")));
        // ╭ in column 4: its stroke's outer side, bending round to the right.
        let (cx, r) = (4.5 * CELL_W, CELL_W / 2.0);
        let arc = format!(
            r##"<path fill="#be7cdf" d="M{x} 80L{x} {y}A{R} {R} 0 0 1 {} 69.4L{} 69.4"##,
            Num(cx + r),
            Num(5.0 * CELL_W + 0.3),
            x = Num(cx - 0.6),
            y = Num(70.0 + r),
            R = Num(r + 0.6),
        );
        assert!(svg.contains(&arc), "{arc}\n{svg}");
        // The full block; the two upper halves run on; the shade is translucent.
        let w = Num(CELL_W + 0.6);
        assert!(svg.contains(&format!("M-0.3 60h{w}v20h-{w}z")));
        let (x, w) = (Num(CELL_W - 0.3), Num(2.0 * CELL_W + 0.6));
        assert!(svg.contains(&format!("M{x} 60h{w}v10h-{w}z")));
        let shade = format!(
            r##"<path fill="#be7cdf" fill-opacity="0.25" d="M{0} 60h{1}v20h-{1}z"/>"##,
            px(3),
            px(1)
        );
        assert!(svg.contains(&shade));
        assert_eq!(
            svg.matches("<path").count(),
            5,
            "one per row, plus one for the shade"
        );

        // Dashed lines: ┊ is four dashes down the middle of its cell.
        let mut buf = Buffer::empty(Area::new(0, 0, 1, 1));
        buf.set_string(0, 0, "┊", Style::new());
        let svg = buffer_to_svg(&buf, &Palette::default());
        assert!(!svg.contains("<text"));
        let x = Num(CELL_W / 2.0 - 0.6);
        let dashes =
            format!("M{x} 1h1.2v3h-1.2zM{x} 6h1.2v3h-1.2zM{x} 11h1.2v3h-1.2zM{x} 16h1.2v3h-1.2z");
        assert!(svg.contains(&dashes), "{svg}");

        // Double and thick borders too.
        for border in [BorderType::Double, BorderType::Thick, BorderType::Rounded] {
            let mut buf = Buffer::empty(Area::new(0, 0, 5, 3));
            Block::bordered()
                .border_type(border)
                .render(buf.area, &mut buf);
            let svg = buffer_to_svg(&buf, &Palette::default());
            assert!(!svg.contains("<text"), "{border:?} left to the font");
            assert_well_formed(&svg);
        }
    }

    #[test]
    fn output_is_well_formed_xml() {
        assert_well_formed(&buffer_to_svg(&styled_buffer(), &Palette::default()));
        let mut buf = Buffer::empty(Area::new(0, 0, 8, 1));
        buf.set_string(1, 0, "]]>&'", Style::new());
        // Symbols set directly escape ratatui's filtering.
        buf[(0, 0)].set_symbol("\u{1}");
        buf[(6, 0)].set_symbol("");
        buf[(7, 0)].set_symbol("x");
        let svg = buffer_to_svg(&buf, &Palette::default());
        assert_well_formed(&svg);
        let text = text_element(&svg, "\u{fffd}]]&gt;&amp;' x");
        assert_eq!(attr(text, "textLength"), Some(px(8).as_str()));
    }

    /// Checks that `xml` is one well-formed element, as far as this module's output goes:
    /// balanced tags, quoted and unique attributes, and `<` and `&` only where allowed.
    fn assert_well_formed(xml: &str) {
        fn check_name(name: &str) {
            let mut chars = name.chars();
            let first = chars.next().expect("empty name");
            assert!(first.is_ascii_alphabetic(), "bad name {name:?}");
            assert!(
                chars.all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c)),
                "bad name {name:?}"
            );
        }
        fn check_chars(text: &str) {
            assert!(!text.contains('<'), "raw < in {text:?}");
            assert!(!text.contains("]]>"), "]]> in {text:?}");
            assert!(
                !text.chars().any(|c| c < ' ' && !"\t\n\r".contains(c)),
                "control character in {text:?}"
            );
            for (i, _) in text.match_indices('&') {
                let entity = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
                assert!(
                    entity.iter().any(|e| text[i..].starts_with(e)),
                    "bare & in {text:?}"
                );
            }
        }
        fn check_attributes(mut attrs: &str) {
            let mut seen = Vec::new();
            loop {
                attrs = attrs.trim_start();
                if attrs.is_empty() {
                    return;
                }
                let (name, rest) = attrs.split_once("=\"").expect("attribute without value");
                check_name(name);
                assert!(!seen.contains(&name), "attribute {name} twice");
                seen.push(name);
                let (value, rest) = rest.split_once('"').expect("unterminated value");
                check_chars(value);
                assert!(
                    rest.is_empty() || rest.starts_with(' '),
                    "no space after {name}"
                );
                attrs = rest;
            }
        }

        let mut open: Vec<&str> = Vec::new();
        let mut roots = 0;
        let mut rest = xml;
        while let Some(lt) = rest.find('<') {
            let text = &rest[..lt];
            check_chars(text);
            assert!(
                !open.is_empty() || text.trim().is_empty(),
                "text outside the root"
            );
            let gt = lt + rest[lt..].find('>').expect("unterminated tag");
            let tag = &rest[lt + 1..gt];
            rest = &rest[gt + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop(), Some(name), "mismatched end tag");
                continue;
            }
            let empty = tag.ends_with('/');
            let tag = tag.strip_suffix('/').unwrap_or(tag);
            let (name, attrs) = tag.split_once(' ').unwrap_or((tag, ""));
            check_name(name);
            check_attributes(attrs);
            if open.is_empty() {
                roots += 1;
            }
            if !empty {
                open.push(name);
            }
        }
        assert!(rest.trim().is_empty(), "text after the root");
        assert!(open.is_empty(), "unclosed {open:?}");
        assert_eq!(roots, 1, "one root element");
    }
}
