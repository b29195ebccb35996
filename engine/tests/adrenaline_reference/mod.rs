//! An independent, slow and obvious Adrenaline Chess generator for the tests: a char-array
//! board with a stack count per square, pieces walked square by square, whole turns built by
//! trying every regular move, every step sequence and every placement, and the adrenaline
//! check decided by brute force: every enemy turn (every pseudo-legal regular move, then every
//! sequence of steps its checkers allow) is played out to see whether one captures the king.
//! It shares nothing with the engine; turns are strings in the engine's notation, so the two
//! are compared by text.

#![allow(dead_code)]

#[path = "../mailbox/mod.rs"]
pub mod mailbox;

use mailbox::{
    chess_fields, name, on, parse_placement, parse_rights, parse_sq, placement_text, Sq,
};
pub use mailbox::{StepRef, Turns};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `b[rank][file]`, rank 0 = rank 1; '.' empty; upper case White.
    pub b: [[char; 8]; 8],
    /// Checkers under the piece on each square.
    pub stacks: [[u32; 8]; 8],
    pub white: bool,
    /// Castling rights: White king side, White queen side, Black king side, Black queen side.
    pub rights: [bool; 4],
    /// Square behind a pawn that just made a regular double step (and took no step).
    pub ep: Option<Sq>,
}

/// A complete turn: its actions and the position after it.
pub type Turn = mailbox::Turn<RefPos>;

impl RefPos {
    /// Reads the first four FEN fields and the seventh (stacks); clocks are ignored.
    pub fn parse(fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let b = parse_placement(f[0]);
        let mut stacks = [[0; 8]; 8];
        if let Some(s) = f.get(6) {
            if *s != "-" {
                for part in s.split(',') {
                    let (sq, n) = part.split_once(':').unwrap();
                    let (fi, ra) = parse_sq(sq);
                    stacks[ra as usize][fi as usize] = n.parse().unwrap();
                }
            }
        }
        RefPos {
            b,
            stacks,
            white: f[1] == "w",
            rights: parse_rights(f[2]),
            ep: (f[3] != "-").then(|| parse_sq(f[3])),
        }
    }

    fn stack(&self, (f, r): Sq) -> u32 {
        self.stacks[r as usize][f as usize]
    }

    fn set_stack(&mut self, (f, r): Sq, n: u32) {
        self.stacks[r as usize][f as usize] = n;
    }

    pub fn supply(&self) -> u32 {
        24 - self.stacks.iter().flatten().sum::<u32>()
    }

    /// Brute force: can `attacker`'s next turn capture the defender's king?
    pub fn king_capturable(&self, attacker_white: bool, ep: Option<Sq>) -> bool {
        self.turn_captures_king(attacker_white, ep)
    }

    /// Every legal complete turn of the side to move.
    pub fn turns(&self) -> Vec<Turn> {
        let white = self.white;
        let mut out = Vec::new();
        let in_check = self.king_capturable(!white, None);
        let pawn = |p: &RefPos, s: Sq| p.at(s).eq_ignore_ascii_case(&'p');
        for (tok, p, t, captured) in self.regular_moves(white, self.ep, pawn) {
            p.continue_turn(t, captured, vec![tok], &mut out);
        }
        for (tok, p) in self.castlings(white, self.rights, in_check) {
            p.finish(vec![tok], &mut out);
        }
        out
    }

    /// The turn so far is `done`; the moved piece is on `at`; `captured` says whether anything
    /// was captured. Adds every legal completion.
    fn continue_turn(&self, at: Sq, captured: bool, done: Vec<String>, out: &mut Vec<Turn>) {
        let white = self.white;
        let owed = captured && self.supply() > 0;
        // Stop here.
        if owed {
            for r in 0..8 {
                for f in 0..8 {
                    if self.theirs((f, r), white) {
                        let mut p = self.clone();
                        p.set_stack((f, r), p.stack((f, r)) + 1);
                        let mut d = done.clone();
                        d.push(format!("+{}", name((f, r))));
                        p.finish(d, out);
                    }
                }
            }
        } else if self.stack(at) == 0 {
            self.finish(done.clone(), out);
        } else {
            let mut d = done.clone();
            d.push("end".to_string());
            self.finish(d, out);
        }
        // Or step on.
        if self.stack(at) == 0 {
            return;
        }
        for (tok, p, t, cap) in self.steps(at, white) {
            let mut d = done.clone();
            d.push(tok);
            p.continue_turn(t, captured || cap, d, out);
        }
    }

    /// Ends the turn if the mover's king is then safe from the opponent's whole next turn.
    fn finish(&self, done: Vec<String>, out: &mut Vec<Turn>) {
        let mut p = self.clone();
        p.white = !p.white;
        // The en-passant right passes to the opponent only next to one of its pawns.
        if let Some(e) = p.ep {
            let pawn = if p.white { 'P' } else { 'p' };
            let row = if p.white { e.1 - 1 } else { e.1 + 1 };
            let beside = [e.0 - 1, e.0 + 1]
                .into_iter()
                .any(|f| on(f, row) && p.at((f, row)) == pawn);
            if !beside {
                p.ep = None;
            }
        }
        if !p.king_capturable(p.white, p.ep) {
            out.push((done, p));
        }
    }

    /// Whether the side to move is in adrenaline check.
    pub fn in_check(&self) -> bool {
        self.king_capturable(!self.white, None)
    }

    /// The placement field of a FEN and the stack field, for comparison with the engine.
    pub fn board_text(&self) -> (String, String) {
        let s = placement_text(&self.b);
        let mut st = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.stacks[r][f] > 0 {
                    st.push(format!(
                        "{}:{}",
                        name((f as i32, r as i32)),
                        self.stacks[r][f]
                    ));
                }
            }
        }
        let st = if st.is_empty() {
            "-".to_string()
        } else {
            st.join(",")
        };
        (s, st)
    }
}

impl StepRef for RefPos {
    chess_fields!();

    fn count(&self, s: Sq) -> i32 {
        self.stack(s) as i32
    }

    fn set_count(&mut self, s: Sq, n: i32) {
        self.set_stack(s, n as u32);
    }

    fn can_step(&self, s: Sq) -> bool {
        self.stack(s) > 0
    }

    fn spend(&mut self, s: Sq) {
        self.set_stack(s, self.stack(s) - 1);
    }

    fn destinations(&self, s: Sq, white: bool, ep: Option<Sq>) -> Vec<(Sq, Option<Sq>)> {
        self.moves_as(s, self.at(s).to_ascii_lowercase(), white, ep, false)
    }

    /// Moves the piece on `from` to `to` with its checkers; the piece on `captured` (if any)
    /// is removed and its checkers join the stack. Keeps castling rights up to date.
    fn shift(&mut self, from: Sq, to: Sq, captured: Option<Sq>) {
        self.move_with_checkers(from, to, captured);
    }

    /// Whether `white`'s king stands attacked in the ordinary chess sense.
    fn ordinary_check(&self, white: bool) -> bool {
        let Some(k) = self.king(white) else {
            return false;
        };
        let enemy = !white;
        self.squares(enemy).into_iter().any(|s| {
            let kind = self.at(s).to_ascii_lowercase();
            if kind == 'p' {
                let up = if enemy { 1 } else { -1 };
                return k.1 == s.1 + up && (k.0 - s.0).abs() == 1;
            }
            self.destinations(s, enemy, None)
                .iter()
                .any(|&(t, c)| t == k && c == Some(k))
        })
    }
}

impl Turns for RefPos {
    fn whole_turns(&self) -> Vec<Turn> {
        self.turns()
    }
}
