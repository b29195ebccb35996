//! Chess960 arrangements of the eight back-rank pieces, numbered 0 to 959 as Chess960 numbers
//! them (518 is the standard setup), and the masks of kinds a checker may be.

use std::sync::OnceLock;

use crate::kits::chessboard::PieceKind;

/// How many Chess960 arrangements there are.
pub const COUNT: usize = 960;
/// The standard setup (RNBQKBNR).
pub const STANDARD: u16 = 518;

/// Kind codes as `PieceKind::index` gives them: pawn 0, knight 1, bishop 2, rook 3, queen 4,
/// king 5.
pub const KNIGHT: u8 = PieceKind::Knight as u8;
pub const BISHOP: u8 = PieceKind::Bishop as u8;
pub const ROOK: u8 = PieceKind::Rook as u8;
pub const QUEEN: u8 = PieceKind::Queen as u8;
pub const KING: u8 = PieceKind::King as u8;
pub const PAWN: u8 = PieceKind::Pawn as u8;

/// A set of back-rank kinds: bit `1 << kind` for knight to king.
pub type Mask = u8;
/// Every back-rank kind: what a checker may be before anything is seen of it.
pub const ALL_KINDS: Mask = 0b11_1110;

pub const fn bit(kind: u8) -> Mask {
    1 << kind
}

/// The kinds of one arrangement by file (a to h).
pub type Arrangement = [u8; 8];

/// The arrangement of Chess960 number `n` (`n < 960`).
pub fn arrangement(n: u16) -> Arrangement {
    all()[n as usize]
}

/// Every arrangement, by number.
pub fn all() -> &'static [Arrangement; COUNT] {
    static ALL: OnceLock<[Arrangement; COUNT]> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = [[0u8; 8]; COUNT];
        for (n, slot) in out.iter_mut().enumerate() {
            *slot = decode(n);
        }
        out
    })
}

/// The standard numbering: light bishop, dark bishop, queen, knights, then rook, king, rook
/// on the three files left.
fn decode(n: usize) -> Arrangement {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut files: [Option<u8>; 8] = [None; 8];
    let (n, light) = (n / 4, n % 4);
    files[2 * light + 1] = Some(BISHOP);
    let (n, dark) = (n / 4, n % 4);
    files[2 * dark] = Some(BISHOP);
    let (n, queen) = (n / 6, n % 6);
    let free = |f: &[Option<u8>; 8]| -> Vec<usize> { (0..8).filter(|&i| f[i].is_none()).collect() };
    files[free(&files)[queen]] = Some(QUEEN);
    let (a, b) = KNIGHTS[n];
    let empty = free(&files);
    files[empty[a]] = Some(KNIGHT);
    files[empty[b]] = Some(KNIGHT);
    let empty = free(&files);
    files[empty[0]] = Some(ROOK);
    files[empty[1]] = Some(KING);
    files[empty[2]] = Some(ROOK);
    files.map(|k| k.expect("every file is filled"))
}

/// The number of an arrangement, if it is a Chess960 one.
pub fn number(a: &Arrangement) -> Option<u16> {
    all().iter().position(|x| x == a).map(|n| n as u16)
}

/// The letters of an arrangement, white's way (`RNBQKBNR`).
pub fn letters(a: &Arrangement) -> String {
    a.iter()
        .map(|&k| {
            PieceKind::from_index(k as usize)
                .letter()
                .to_ascii_uppercase()
        })
        .collect()
}
