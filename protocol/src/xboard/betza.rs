//! How the pieces of variants XBoard does not know move, in XBoard's Betza notation (XBetza,
//! as XBoard 4.9 reads it in `piece` commands), so that XBoard can test the legality of
//! moves itself. The piece letters are those of each variant's FEN.
//!
//! XBetza in brief: an atom (`W` one orthogonal step, `F` one diagonal step, `K` both, `N`
//! knight, `D`/`A` two orthogonal/diagonal steps, `R`/`B`/`Q` their slides) with modes in
//! front (`m` move only, `c` capture only, `n` not jumping) and directions (`f` forward, `s`
//! sideways). `a` chains legs: the text before `a` is the first leg, the text after it the
//! next one, with directions relative to the leg before (`f` straight on, `s` a right angle,
//! `fr fl br bl` the four half-right-angles, `h` every direction); a leg's atom changes
//! between `W` and `F` where the direction needs it, and `y` turns a slide into a single step
//! for the following leg. All legs of one move share one atom letter.

/// TCHES (`docs/variants/tches.md`): every piece but the king, which moves as in chess (there is no
/// castling in TCHES, and XBoard is given no castling rights); the chess pieces are described
/// too, so that XBoard uses no default of its own. The Jester (`J`) moves as the
/// piece the opponent moved last, which no fixed description can say: it has none.
const TCHES: &[(char, &str)] = &[
    // The chess pieces, as in chess.
    ('N', "N"),
    ('B', "B"),
    ('R', "R"),
    ('Q', "Q"),
    // One step forward; captures one step diagonally forward; no double step.
    ('P', "fmWfcF"),
    // Move-then-capture pieces: a move to an empty cell, then optionally a capture by one
    // step of the second pattern from there. Guardian: slide orthogonally, then a diagonal
    // step; Paladin: slide diagonally, then an orthogonal step (both: relative to the slide,
    // the four half-right-angles).
    ('G', "mRyafrflbrblcR"),
    ('D', "mByafrflbrblcB"),
    // Magister: either of the two.
    ('M', "mRyafrflbrblcRmByafrflbrblcB"),
    // Lion: a king step to an empty cell, then a king step capturing.
    ('L', "mKmahcK"),
    // Knight leapers with a capture after the leap: the leap is written as an orthogonal step
    // that may pass over anything (`mp`), then a diagonal step outwards to an empty cell,
    // then the capture. Griffin: diagonal capture step (relative to the diagonal leg, the
    // four straight directions); Champion: orthogonal (the four half-right-angles);
    // Emperor: any.
    ('F', "mNmpafrflmavscW"),
    ('C', "mNmpafrflmafrflbrblcW"),
    ('E', "mNmpafrflmahcW"),
    // Templar / Exarch: move as one slider, capture as the other.
    ('T', "mBcR"),
    ('X', "mRcB"),
    // Warchariot: the corner path two straight then one sideways, cell by cell; it moves to
    // the end of a free path and captures the first piece on it.
    ('W', "mafmasmWcWmafcWmafmascW"),
    // Assassin: the same, and the path one straight then two sideways.
    ('A', "mafmasmWcWmafcWmafmascWmasmafmWmascWmasmafcW"),
    // Ballista, Archer: leap exactly two straight / two diagonally.
    ('Y', "D"),
    ('H', "A"),
    // Mounted Bishop / Shock-cavalryman: move as a knight, capture as a bishop / rook.
    ('O', "mNcB"),
    ('U', "mNcR"),
    // Pawn reverses. Flanker: moves one step forward or sideways, captures forward.
    ('V', "mfsWcfW"),
    // Sentinel: moves one step diagonally forward, captures forward or sideways.
    ('S', "mfFcfsW"),
    // Zealot: one step diagonally forward.
    ('Z', "fF"),
    // Pikeman: moves one step forward, captures two straight forward over an empty cell.
    ('I', "mfWcfnD"),
];

/// The options under which a variant's descriptions hold (any value); every other option
/// must keep its default (TCHES's Layer 3 rules other than Strike change how pieces act:
/// carried kings, portals, facings).
pub fn options_described(variant: &str) -> &'static [&'static str] {
    match variant {
        "tches" => &["Strike", "TchesReverse"],
        _ => &[],
    }
}

/// The XBetza description of a piece of `variant`, by its upper-case FEN letter; `None`
/// for a piece XBoard already knows (the king) and one no description fits (the Jester).
pub fn describe(variant: &str, letter: char) -> Option<&'static str> {
    let table = match variant {
        "tches" => TCHES,
        _ => return None,
    };
    table
        .iter()
        .find(|(l, _)| *l == letter.to_ascii_uppercase())
        .map(|(_, d)| *d)
}

/// True when XBoard can test the legality of every move of `variant` with the letters
/// `used`: each has a description or is a piece XBoard moves right by itself.
pub fn complete(variant: &str, used: &[char]) -> bool {
    used.iter()
        .all(|&c| c == 'K' || describe(variant, c).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every description is XBetza XBoard parses: lower-case prefixes before each atom, an
    /// atom XBoard knows, and `a` only between the legs of one move.
    #[test]
    fn descriptions_are_well_formed() {
        for (letter, d) in TCHES {
            assert!(!d.is_empty(), "{letter}");
            let mut prefix = String::new();
            for c in d.chars() {
                if c.is_ascii_lowercase() {
                    assert!("fbrlvshmcnpay".contains(c), "{letter}: '{c}' in {d}");
                    prefix.push(c);
                } else {
                    assert!("WFKNDARBQ".contains(c), "{letter}: atom '{c}' in {d}");
                    assert!(
                        !prefix.ends_with('a'),
                        "{letter}: a leg without modes in {d}"
                    );
                    prefix.clear();
                }
            }
            assert!(prefix.is_empty(), "{letter}: {d} ends without an atom");
        }
        assert_eq!(describe("tches", 'g'), Some("mRyafrflbrblcR"));
        assert_eq!(describe("tches", 'K'), None);
        assert_eq!(describe("tches", 'J'), None);
        assert_eq!(describe("chess", 'N'), None);
        assert!(complete("tches", &['G', 'F', 'K', 'P']));
        assert!(!complete("tches", &['J', 'K']));
    }
}
