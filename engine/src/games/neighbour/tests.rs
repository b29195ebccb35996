//! Neighbour tests: hand-made positions for each rule (the add with its wrap-around and
//! nearest-free-cell rule, stopping, borrowed moves, the card from either pile, the win and
//! the loss), an independent slow reference generator (perft and action sets against it),
//! property tests of the `Game` contracts, the observation and its samples, and the solver
//! against brute force.

use std::collections::{BTreeSet, HashMap, HashSet};

use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::*;
use crate::core::game::{Chance, Hidden, View};
use crate::kits::cards::parse_cards;
use crate::kits::solitaire::board::parse_cell;
use crate::search::solo::{solve, Caps, Solitaire, SoloScore};
use crate::testkit::{assert_actions_refused, assert_fens_refused, check_contracts};

const PIECES: &str = "8H 10C QS 8S 10H 10S 9S KH 9H 10D 8D 9D 8C QH KS 9C";
const SQUARES: &str = "5C 2D 3H 6D 4H 6C 2H 5S 3D 5H 3C 4S 4C 2S 6S 5D 6H 4D 3S 2C";

fn dealt(pieces: &str, squares: &str) -> Neighbour {
    Neighbour::from_deal(
        &parse_cards(pieces).unwrap(),
        &parse_cards(squares).unwrap(),
        Rules::default(),
    )
    .unwrap()
}

fn standard() -> Neighbour {
    dealt(PIECES, SQUARES)
}

fn at(fen: &str) -> Neighbour {
    let mut g = standard();
    g.set_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g
}

fn legal(g: &Neighbour) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.format_action(a)).collect()
}

fn play(g: &mut Neighbour, actions: &str) {
    for a in actions.split_whitespace() {
        let x = g.parse_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        g.play(x);
    }
}

fn cell(name: &str) -> Cell {
    parse_cell(name).unwrap()
}

#[test]
fn squares_cards_send_right_or_up_and_wrap() {
    let card = |t: &str| crate::kits::cards::Card::parse(t).unwrap();
    // The first piece starts over a1.
    assert_eq!(target_cell(position::NO_CELL, card("3H")), cell("d1"));
    assert_eq!(target_cell(position::NO_CELL, card("3S")), cell("a4"));
    // Off the edge: around to the other side, counting on.
    assert_eq!(target_cell(cell("g1"), card("4D")), cell("c1"));
    assert_eq!(target_cell(cell("a7"), card("3C")), cell("a2"));
    assert_eq!(target_cell(cell("h8"), card("6H")), cell("f8"));
}

#[test]
fn adds_follow_the_cards() {
    let mut g = standard();
    // 8H (white knight) with 5C (up 5 from a1): a6; then 10C (black rook) with 2D: c6.
    assert_eq!(legal(&g), ["N@a6"].iter().map(|s| s.to_string()).collect());
    play(&mut g, "N@a6");
    assert_eq!(
        legal(&g),
        ["r@c6", "stop"].iter().map(|s| s.to_string()).collect()
    );
    play(&mut g, "r@c6 q@f6");
    assert_eq!(g.position().board.fen(), "8/8/N1r2q2/8/8/8/8/8");
    assert_eq!(g.position().cards_left(), 36 - 6);
    assert!(g.fen().ends_with(" add f6"), "{}", g.fen());
}

#[test]
fn a_held_piece_goes_to_the_nearest_ring_of_free_cells() {
    // The next add (KH with 4C, up 4 from d1) aims at d5, which is taken, and so is every
    // cell around it: the king goes to a free cell two steps from d5.
    let fen = "8/8/2NBb3/2qnr3/2RbR3/8/8/3r4 8H,9D,9S,QS,10C,10H,8S,9C,10S,10D|KH,9H,8D,8C,QH,KS \
               2S,3D,2H,5S,2C,6C,3C,3S,5C,6S|4C,2D,3H,4H,5H,6H,4D,5D,6D,4S add d1";
    let mut g = at(fen);
    assert_eq!(
        legal(&g),
        ["K>d5", "stop"].iter().map(|s| s.to_string()).collect()
    );
    play(&mut g, "K>d5");
    assert_eq!(g.position().phase, Phase::Placing(cell("d5")));
    let ring2: BTreeSet<String> = legal(&g);
    // Two king steps from d5: ranks 3 and 7 and files b and f, all free.
    let want: BTreeSet<String> = [
        "b7", "c7", "d7", "e7", "f7", "b3", "c3", "d3", "e3", "f3", "b4", "b5", "b6", "f4", "f5",
        "f6",
    ]
    .iter()
    .map(|c| format!("@{c}"))
    .collect();
    assert_eq!(ring2, want);
    assert!(g.parse_action("@g5").is_err());
    play(&mut g, "@f5");
    assert_eq!(g.position().phase, Phase::Adding);
    assert!(g.fen().ends_with(" add f5"), "{}", g.fen());
}

#[test]
fn moves_borrow_a_same_colour_neighbours_move() {
    let g = at(
        "8/8/2NBb3/2qnr3/2RbR3/8/8/3r4 8H,9D,9S,QS,10C,10H,8S,9C,10S,10D|KH,9H,8D,8C,QH,KS \
                2S,3D,2H,5S,2C,6C,3C,3S,5C,6S|4C,2D,3H,4H,5H,6H,4D,5D,6D,4S move -",
    );
    let l = legal(&g);
    // The white knight on c6 has the white bishop on d6 beside it: it moves as a bishop,
    // not as a knight.
    for m in ["c6b7/p", "c6a8/s", "c6d7/p", "c6e8/s"] {
        assert!(l.contains(m), "{m}");
    }
    assert!(!l.contains("c6b8/p"));
    // The white rooks on c4 and e4 have only black pieces beside them: they cannot move.
    assert!(
        !l.iter().any(|a| a.starts_with("c4") || a.starts_with("e4")),
        "{l:?}"
    );
    // The black bishop on d4 has the black queen, knight and rook beside it: it moves as a
    // knight (b3, c2), as a rook (d2; the rook on d1 blocks), as a queen (a1).
    for m in ["d4b3/p", "d4c2/s", "d4d2/p", "d4a1/s"] {
        assert!(l.contains(m), "{m}");
    }
    assert!(!l.contains("d4d1/p"));
    // The black rook on d1 has no neighbour at all.
    assert!(!l.iter().any(|a| a.starts_with("d1")));
    // The white bishop on d6 has the white knight beside it: knight moves.
    assert!(l.contains("d6f7/p") && l.contains("d6b7/s") && !l.contains("d6d7/p"));
    // Every move is offered from both piles.
    for a in &l {
        let other = if a.ends_with("/p") {
            a.replace("/p", "/s")
        } else {
            a.replace("/s", "/p")
        };
        assert!(l.contains(&other), "{a}");
    }
}

#[test]
fn a_move_spends_a_card_from_the_chosen_pile() {
    let mut g = standard();
    play(&mut g, "N@a6 r@c6 q@f6 n@d6 stop");
    assert_eq!(g.position().phase, Phase::Moving);
    let l = legal(&g);
    assert!(l.contains("d6e6/p") && l.contains("d6e6/s"));
    assert!(!l.contains("stop") && !l.iter().any(|a| a.contains('@')));
    let left = g.position().cards_left();
    play(&mut g, "d6e6/s");
    assert_eq!(g.position().cards_left(), left - 1);
    assert_eq!(g.position().squares.left(), 20 - 4 - 1);
    assert!(g.fen().contains("6D,*4H|"), "{}", g.fen());
    assert!(g.parse_action("add").is_err());
}

#[test]
fn one_group_wins_with_the_cards_left_and_min_pieces_is_an_option() {
    let fen = "8/8/8/8/8/8/8/RN6 8H,10H|10C,QS,8S,10S,9S,KH,9H,10D,8D,9D,8C,QH,KS,9C \
               5C,2D|3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C add b1";
    let g = at(fen);
    assert_eq!(g.final_score(), Some(SoloScore::won(32)));
    assert_eq!(g.outcome().unwrap().result_string(), "1-0");
    let mut o = VariantOptions::new();
    o.set(MIN_PIECES, "3");
    o.set("Deal", &format!("{PIECES} {SQUARES}"));
    let mut h = Neighbour::from_options(&o).unwrap();
    h.set_fen(fen).unwrap();
    assert_eq!(h.final_score(), None);
    assert!(legal(&h).contains("stop"));
}

#[test]
fn diagonal_neighbours_form_a_group_and_orthogonal_groups_are_an_option() {
    // A white knight on a1 and a black rook on b2 touch corner to corner: one group.
    let fen = "8/8/8/8/8/8/1r6/N7 8H,10C|QS,8S,10H,10S,9S,KH,9H,10D,8D,9D,8C,QH,KS,9C \
               5C,2D|3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C move -";
    let g = at(fen);
    assert_eq!(g.final_score(), Some(SoloScore::won(32)), "{fen}");
    assert_eq!(g.outcome().unwrap().result_string(), "1-0");
    // The same while adding: the add that puts the rook on b2 wins at once.
    let adding = fen.replace(" move -", " add b2");
    assert_eq!(at(&adding).final_score(), Some(SoloScore::won(32)));
    // A chain of corner-to-corner neighbours across the board is one group too.
    let chain = "8/8/8/8/8/2n5/1r6/N7 8H,10C,8C|8S,10H,10S,9S,KH,9H,10D,8D,9D,QH,KS,9C,QS \
                 5C,2D,3H|6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C move -";
    assert_eq!(at(chain).final_score(), Some(SoloScore::won(30)));
    // Cells two apart are not neighbours.
    let apart = "8/8/8/8/8/2n5/8/N7 8H,8C|10C,8S,10H,10S,9S,KH,9H,10D,8D,9D,QH,KS,9C,QS \
                 5C,2D|3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C move -";
    assert_eq!(at(apart).result(), Some(LOST));
    // With orthogonal groups, the diagonal pair is two groups and nothing can move.
    let mut o = VariantOptions::new();
    o.set(ORTHOGONAL, "true");
    o.set("Deal", &format!("{PIECES} {SQUARES}"));
    let mut h = Neighbour::from_options(&o).unwrap();
    h.set_fen(fen).unwrap();
    assert_eq!(h.final_score(), None);
    assert!(legal(&h).is_empty());
    assert_eq!(h.result(), Some(LOST));
    assert_eq!(h.outcome().unwrap().reason(), "no move possible");
    // The option is off by default, and `false` is the default.
    o.set(ORTHOGONAL, "false");
    let mut k = Neighbour::from_options(&o).unwrap();
    k.set_fen(fen).unwrap();
    assert_eq!(k.final_score(), Some(SoloScore::won(32)));
}

#[test]
fn no_move_loses_and_spent_piles_lose() {
    // Two pieces of different colours, apart, after stopping: nothing can move.
    let g = at(
        "8/8/8/8/8/8/8/R1n5 10H,8C|8H,10C,QS,8S,10S,9S,KH,9H,10D,8D,9D,QH,KS,9C \
                5C,2D|3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C move -",
    );
    assert!(legal(&g).is_empty());
    assert_eq!(g.result(), Some(LOST));
    assert_eq!(g.outcome().unwrap().reason(), "no move possible");
}

#[test]
fn bad_text_is_refused_and_changes_nothing() {
    let mut g = standard();
    assert_fens_refused(
        &mut g,
        &[
            "",
            "8/8/8/8/8/8/8/8 |x add -",
            "8/8/8/8/8/8/8/N7 |8H,10C,QS,8S,10H,10S,9S,KH,9H,10D,8D,9D,8C,QH,KS,9C |5C,2D,3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C add -",
            "8/8/8/8/8/8/8/8 |8H,10C,QS,8S,10H,10S,9S,KH,9H,10D,8D,9D,8C,QH,KS,9C |5C,2D,3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C dance -",
            "8/8/8/8/8/8/8/8 |8H,10C,QS,8S,10H,10S,9S,KH,9H,10D,8D,9D,8C,QH,KS,9C |5C,2D,3H,6D,4H,6C,2H,5S,3D,5H,3C,4S,4C,2S,6S,5D,6H,4D,3S,2C add a1",
            "8H 10C",
        ],
    );
    assert_actions_refused(&g, &["", "stop", "N@a5", "add", "@a6", "a6a7/p", "8H"]);
}

#[test]
fn a_bare_deal_is_a_position() {
    let mut g = standard();
    g.set_fen(&format!("{SQUARES} | {PIECES}")).unwrap();
    assert_eq!(g.fen(), standard().fen());
    play(&mut g, "N@a6");
    g.reset();
    assert_eq!(g.fen(), standard().fen());
}

// ---------------------------------------------------------------------------------------
// An independent, slow reference: its own reading of the position text.

mod reference {
    use crate::testkit::reference;

    #[derive(Clone, Debug)]
    pub struct Ref {
        pub cells: Vec<Option<(bool, char)>>,
        /// (rank, red) of each card, pile order, and how many are drawn.
        pub pieces: Vec<(u8, bool)>,
        pub pieces_drawn: usize,
        pub squares: Vec<(u8, bool)>,
        pub squares_drawn: usize,
        pub phase: String,
        pub cell: Option<usize>,
        pub min: usize,
        /// Groups connect through the four sides only (the option), not the eight cells
        /// around.
        pub orthogonal: bool,
    }

    pub fn name(c: usize) -> String {
        format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1)
    }

    fn parse_name(s: &str) -> usize {
        let b = s.as_bytes();
        (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
    }

    fn card(word: &str) -> (u8, bool) {
        let w = word.trim_start_matches('*');
        let (rank, suit) = w.split_at(w.len() - 1);
        let r = match rank {
            "Q" => 12,
            "K" => 13,
            n => n.parse().unwrap(),
        };
        (r, suit == "H" || suit == "D")
    }

    fn pile(text: &str) -> (Vec<(u8, bool)>, usize) {
        let (d, l) = text.split_once('|').unwrap();
        let words = |s: &str| -> Vec<(u8, bool)> {
            s.split(',').filter(|w| !w.is_empty()).map(card).collect()
        };
        let mut v = words(d);
        let n = v.len();
        v.extend(words(l));
        (v, n)
    }

    fn letter(rank: u8) -> char {
        match rank {
            8 => 'n',
            9 => 'b',
            10 => 'r',
            12 => 'q',
            13 => 'k',
            _ => unreachable!(),
        }
    }

    impl Ref {
        pub fn from_fen(fen: &str, min: usize) -> Ref {
            let f: Vec<&str> = fen.split(' ').collect();
            let mut cells = vec![None; 64];
            for (i, row) in f[0].split('/').enumerate() {
                let mut file = 0;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        file += d as usize;
                    } else {
                        cells[(7 - i) * 8 + file] =
                            Some((ch.is_ascii_uppercase(), ch.to_ascii_lowercase()));
                        file += 1;
                    }
                }
            }
            let (pieces, pieces_drawn) = pile(f[1]);
            let (squares, squares_drawn) = pile(f[2]);
            Ref {
                cells,
                pieces,
                pieces_drawn,
                squares,
                squares_drawn,
                phase: f[3].to_string(),
                cell: (f[4] != "-").then(|| parse_name(f[4])),
                min,
                orthogonal: false,
            }
        }

        fn count(&self) -> usize {
            self.cells.iter().filter(|c| c.is_some()).count()
        }

        fn connected(&self) -> bool {
            reference::connected(&self.cells, self.orthogonal)
        }

        fn cards_left(&self) -> usize {
            self.pieces.len() - self.pieces_drawn + self.squares.len() - self.squares_drawn
        }

        fn target(&self) -> usize {
            let base = self.cell.unwrap_or(0);
            let (x, y) = reference::xy(base);
            let (n, red) = self.squares[self.squares_drawn];
            if red {
                (y * 8 + (x + n as i32) % 8) as usize
            } else {
                (((y + n as i32) % 8) * 8 + x) as usize
            }
        }

        fn nearest_free(&self, t: usize) -> Vec<usize> {
            let (tx, ty) = reference::xy(t);
            let dist = |c: usize| {
                let (x, y) = reference::xy(c);
                (x - tx).abs().max((y - ty).abs())
            };
            let free: Vec<usize> = (0..64).filter(|&c| self.cells[c].is_none()).collect();
            let d = free.iter().map(|&c| dist(c)).min().unwrap();
            free.into_iter().filter(|&c| dist(c) == d).collect()
        }

        pub fn over(&self) -> bool {
            let pending = self.phase == "place";
            (!pending && self.count() >= self.min && self.connected())
                || (self.phase == "move" && self.cards_left() == 0)
        }

        pub fn actions(&self) -> Vec<String> {
            let mut out = Vec::new();
            if self.over() {
                return out;
            }
            match self.phase.as_str() {
                "add" => {
                    if self.pieces_drawn < self.pieces.len() {
                        let (rank, white) = self.pieces[self.pieces_drawn];
                        let l = letter(rank);
                        let sym = if white { l.to_ascii_uppercase() } else { l };
                        let t = self.target();
                        let mark = if self.cells[t].is_none() { '@' } else { '>' };
                        out.push(format!("{sym}{mark}{}", name(t)));
                    }
                    if self.count() > 0 {
                        out.push("stop".into());
                    }
                }
                "place" => {
                    for c in self.nearest_free(self.cell.unwrap()) {
                        out.push(format!("@{}", name(c)));
                    }
                }
                "move" => {
                    for from in 0..64 {
                        let Some((white, _)) = self.cells[from] else {
                            continue;
                        };
                        let (x, y) = reference::xy(from);
                        let mut kinds = Vec::new();
                        for nx in x - 1..=x + 1 {
                            for ny in y - 1..=y + 1 {
                                if (0..8).contains(&nx)
                                    && (0..8).contains(&ny)
                                    && (nx, ny) != (x, y)
                                {
                                    if let Some((w, k)) = self.cells[(ny * 8 + nx) as usize] {
                                        if w == white {
                                            kinds.push(k);
                                        }
                                    }
                                }
                            }
                        }
                        for to in 0..64 {
                            if self.cells[to].is_none()
                                && kinds
                                    .iter()
                                    .any(|&k| reference::attacks(&self.cells, k, from, to))
                            {
                                for (pile, has) in [
                                    ('p', self.pieces_drawn < self.pieces.len()),
                                    ('s', self.squares_drawn < self.squares.len()),
                                ] {
                                    if has {
                                        out.push(format!("{}{}/{pile}", name(from), name(to)));
                                    }
                                }
                            }
                        }
                    }
                }
                _ => unreachable!(),
            }
            out
        }

        fn put(&mut self, c: usize) {
            let (rank, white) = self.pieces[self.pieces_drawn - 1];
            self.cells[c] = Some((white, letter(rank)));
            if self.pieces_drawn == self.pieces.len() {
                self.phase = "move".into();
                self.cell = None;
            } else {
                self.phase = "add".into();
                self.cell = Some(c);
            }
        }

        pub fn play(&mut self, a: &str) {
            if a == "stop" {
                self.phase = "move".into();
                self.cell = None;
            } else if let Some(c) = a.strip_prefix('@') {
                self.put(parse_name(c));
            } else if a.contains('@') || a.contains('>') {
                let t = self.target();
                self.pieces_drawn += 1;
                self.squares_drawn += 1;
                if self.cells[t].is_none() {
                    self.put(t);
                } else {
                    self.phase = "place".into();
                    self.cell = Some(t);
                }
            } else {
                let from = parse_name(&a[..2]);
                let to = parse_name(&a[2..4]);
                self.cells[to] = self.cells[from].take();
                if a.ends_with("/p") {
                    self.pieces_drawn += 1;
                } else {
                    self.squares_drawn += 1;
                }
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            crate::testkit::perft_by(self, depth, &Ref::actions, &|r: &mut Ref, a: &String| {
                r.play(a)
            })
        }
    }
}

use reference::Ref;

#[test]
fn perft_agrees_with_the_reference() {
    for seed in 1..=4 {
        let mut g = Neighbour::shuffled(seed, Rules::default());
        let r = Ref::from_fen(&g.fen(), 2);
        for depth in 1..=7 {
            assert_eq!(
                crate::tools::perft::perft(&mut g, depth),
                r.perft(depth),
                "seed {seed} depth {depth}"
            );
        }
    }
}

fn random_line(seed: u64, steps: usize, rules: Rules) -> Neighbour {
    let mut g = Neighbour::shuffled(seed, rules);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut acts = Vec::new();
    for i in 0..steps {
        acts.clear();
        g.legal_actions(&mut acts);
        if acts.is_empty() {
            break;
        }
        // Add for a while before stopping, so that games have pieces to move.
        let adds: Vec<_> = acts
            .iter()
            .copied()
            .filter(|a| !matches!(a, NeighbourAction::Stop))
            .collect();
        let pool = if i < 8 && !adds.is_empty() {
            &adds
        } else {
            &acts
        };
        let a = pool[(rng.next_u64() % pool.len() as u64) as usize];
        g.play(a);
    }
    g
}

#[test]
fn action_sets_agree_with_the_reference_along_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for game in 0..60 {
        let min = [2u8, 5, 9][game % 3];
        // Every fourth game connects groups through the four sides only (the option).
        let orthogonal = game % 4 == 3;
        let mut rules = Rules::new(min);
        if orthogonal {
            rules.connectivity = crate::kits::solitaire::connect::Connectivity::Orthogonal;
        }
        let mut g = random_line(300 + game as u64, (game % 12) * 2, rules);
        loop {
            let mut r = Ref::from_fen(&g.fen(), min as usize);
            r.orthogonal = orthogonal;
            let mine = legal(&g);
            let want: BTreeSet<String> = r.actions().into_iter().collect();
            assert_eq!(mine, want, "{}", g.fen());
            if mine.is_empty() {
                break;
            }
            let v: Vec<String> = mine.into_iter().collect();
            let a = &v[(rng.next_u64() % v.len() as u64) as usize];
            play(&mut g, a);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn game_contracts_hold(seed in 0u64..10_000, steps in 0usize..30) {
        let mut g = random_line(seed, steps, Rules::new(4));
        let mut fresh = g.clone();
        let acts = check_contracts(&mut g, &mut fresh);
        let all: BTreeSet<String> = acts.iter().map(|&a| g.format_action(a)).collect();
        if g.position().phase == Phase::Moving {
            for from in 0..64u8 {
                for to in 0..64u8 {
                    let s = format!("{}{}/p", cell_name(from), cell_name(to));
                    prop_assert_eq!(g.parse_action(&s).is_ok(), all.contains(&s), "{}", s);
                }
            }
        }
    }

    #[test]
    fn parsing_never_panics(s in "\\PC{0,14}") {
        let g = standard();
        let _ = g.parse_action(&s);
        let mut h = g.clone();
        if h.set_fen(&s).is_err() {
            prop_assert_eq!(h.fen(), g.fen());
        }
    }
}

// ---------------------------------------------------------------------------------------
// What the player knows.

#[test]
fn the_observation_hides_the_order_of_the_piles() {
    let mut g = standard();
    play(&mut g, "N@a6 r@c6");
    let obs = g.observed();
    assert_eq!(
        obs.fen(),
        "8/8/N1r5/8/8/8/8/8 8H,10C|?,?,?,?,?,?,?,?,?,?,?,?,?,? \
         5C,2D|?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,? add c6"
    );
    let mut o = obs.clone();
    play(&mut o, "add");
    assert!(o.is_chance_node());
    let mut out = Vec::new();
    o.chance_actions(&mut out);
    assert_eq!(out.len(), 14);
    play(&mut o, "KH");
    assert!(o.is_chance_node());
    out.clear();
    o.chance_actions(&mut out);
    assert_eq!(out.len(), 18);
    assert!(out.iter().all(|(_, p)| (p - 1.0 / 18.0).abs() < 1e-12));
    // 3H: right three from c6, f6.
    play(&mut o, "3H");
    assert_eq!(
        o.position().board.piece_at(cell("f6")).unwrap().symbol(),
        'K'
    );
}

#[test]
fn samples_agree_with_the_observation_and_are_uniform() {
    let mut g = standard();
    play(&mut g, "N@a6 r@c6");
    let obs = g.observed();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut counts: HashMap<String, u32> = HashMap::new();
    let samples = 7000;
    for _ in 0..samples {
        let d = Neighbour::determinize(&obs, &mut rng);
        assert_eq!(d.unknowns(), 0);
        assert_eq!(d.observed().fen(), obs.fen());
        assert_eq!(d.key(), d.recompute_key());
        *counts
            .entry(d.position().pieces.card(2).unwrap().to_string())
            .or_default() += 1;
    }
    // 14 unseen piece cards on top: each about 500 times (3 sigma is about 65).
    assert_eq!(counts.len(), 14);
    for (c, n) in counts {
        assert!((430..=570).contains(&n), "{c}: {n}");
    }
}

// ---------------------------------------------------------------------------------------
// The solver against brute force.

/// Brute force: every position in order of the cards spent (adds cost two, moves one, stops
/// and placements nothing), no bound; the first win taken is the best score (a position's
/// cards spent do not depend on the way it was reached).
fn brute_force(g: &Neighbour, max_spent: usize) -> Option<SoloScore> {
    let start = g.position().cards_left();
    let mut buckets: Vec<Vec<Neighbour>> = vec![Vec::new(); max_spent + 1];
    buckets[0].push(g.clone());
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(g.key());
    for cost in 0..=max_spent {
        let mut i = 0;
        while i < buckets[cost].len() {
            let p = buckets[cost][i].clone();
            i += 1;
            if let Some(s) = p.final_score() {
                if s.won {
                    return Some(s);
                }
                continue;
            }
            let mut acts = Vec::new();
            p.legal_actions(&mut acts);
            for a in acts {
                let mut c = p.clone();
                c.play(a);
                if !seen.insert(c.key()) {
                    continue;
                }
                let spent = start - c.position().cards_left();
                if spent <= max_spent {
                    buckets[spent].push(c);
                }
            }
        }
    }
    None
}

/// The solver on one position within a short cap: `None` if not proven; else checks the
/// line replays to the score, the bound is admissible and brute force over three cards
/// agrees, and returns the cards the best line spends.
fn check_solver(g: &Neighbour) -> Option<i32> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    // A count, not a clock, so that a loaded machine proves the same positions: the
    // positions of the test below are proven within 14,221 expansions.
    let caps = Caps {
        expansions: Some(20_000),
        time: None,
        ..Caps::default()
    };
    let sol = solve(g, &caps, &stop, &mut |_| {});
    if !sol.verdict.proven() {
        return None;
    }
    let mut r = g.clone();
    for &a in &sol.line {
        assert!(r.is_legal(a));
        r.play(a);
    }
    assert_eq!(r.result(), Some(sol.best), "{}", g.fen());
    assert!(g.score_bound() >= sol.best, "{}", g.fen());
    let spent = g.position().cards_left() as i32 - sol.best.points;
    let brute = brute_force(g, 3);
    if sol.best.won && spent <= 3 {
        assert_eq!(brute, Some(sol.best), "{}", g.fen());
    } else {
        assert_eq!(brute, None, "{}", g.fen());
    }
    Some(spent)
}

#[test]
fn the_solver_is_exact_on_small_positions() {
    let mut near = 0;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    for seed in 0..16u64 {
        // The positions along a best line, and a random step aside from each; every fourth
        // deal with orthogonal groups (the option).
        let mut rules = Rules::new(2);
        if seed % 4 == 3 {
            rules.connectivity = crate::kits::solitaire::connect::Connectivity::Orthogonal;
        }
        let mut g = random_line(seed, (seed % 3) as usize, rules);
        if g.result().is_some() {
            continue;
        }
        let stop = std::sync::atomic::AtomicBool::new(false);
        let caps = Caps {
            // A count, not a clock: the same deals are proven on a loaded machine.
            expansions: Some(5_000),
            time: None,
            ..Caps::default()
        };
        let sol = solve(&g, &caps, &stop, &mut |_| {});
        if !sol.verdict.proven() {
            continue;
        }
        for &a in &sol.line {
            if check_solver(&g).is_some_and(|s| s <= 3) {
                near += 1;
            }
            let mut acts = Vec::new();
            g.legal_actions(&mut acts);
            let mut aside = g.clone();
            aside.play(acts[(rng.next_u64() % acts.len() as u64) as usize]);
            if aside.result().is_none() {
                check_solver(&aside);
            }
            g.play(a);
        }
    }
    assert!(
        near >= 15,
        "only {near} positions within three cards of the end"
    );
}

// ---------------------------------------------------------------------------------------
// The game as a hidden-information game: views, observations, samples.

#[test]
fn views_and_observations_keep_the_hidden_contract() {
    for seed in [1, 2, 3] {
        let g = Neighbour::shuffled(seed, Rules::new(2)).fair();
        crate::tools::contract::check_hidden(&g, 5, 3, seed).unwrap();
    }
    // From a position text that does not know the piles (a truth with chance).
    let g = Neighbour::shuffled(4, Rules::new(2)).fair();
    let mut t = g.clone();
    t.set_fen(&g.observed().fen()).unwrap();
    crate::tools::contract::check_hidden(&t, 4, 3, 8).unwrap();
}

#[test]
fn an_add_shows_its_two_cards_and_the_view_hides_the_order() {
    let g = Neighbour::shuffled(1, Rules::new(2)).fair();
    assert_eq!(legal(&g), ["add"].iter().map(|s| s.to_string()).collect());
    let (p, s) = g.deal();
    let o = g.observe(NeighbourAction::Add, Player::White);
    let v = g.view(Player::White);
    assert_eq!(v.format_observation(&o), format!("add={}+{}", p[0], s[0]));
    assert!(
        v.fen().starts_with("view 8/8/8/8/8/8/8/8 |?,"),
        "{}",
        v.fen()
    );
    assert!(!v.fen()[5..].contains(&p[0].to_string()));
    let mut h = g.clone();
    assert!(h.set_fen(&v.fen()).is_err());
    assert!(g.parse_view(&format!("view {}", g.fen())).is_err());
    // The clairvoyant puzzle's text of the same add names the piece and its cell, and the
    // card form is read in both.
    let mut t = g.clone();
    t.play(t.parse_action(&format!("add={}+{}", p[0], s[0])).unwrap());
    let mut w = v.clone();
    w.apply(&o).unwrap();
    assert_eq!(w.fen(), t.view(Player::White).fen());
}

#[test]
fn each_unseen_card_turns_up_with_the_right_frequency() {
    let mut g = Neighbour::shuffled(2, Rules::new(2)).fair();
    g.play(NeighbourAction::Add);
    let v = g.view(Player::White);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut pieces: HashMap<String, u32> = HashMap::new();
    let mut squares: HashMap<String, u32> = HashMap::new();
    let n = 7500;
    for _ in 0..n {
        let s = v.sample(&mut rng);
        assert_eq!(s.state.view(Player::White).fen(), v.fen());
        let pos = s.state.position();
        *pieces
            .entry(pos.pieces.top().unwrap().to_string())
            .or_default() += 1;
        *squares
            .entry(pos.squares.top().unwrap().to_string())
            .or_default() += 1;
    }
    // 15 unseen piece cards (500 each, 3 sigma about 65), 19 square cards (about 395, 3
    // sigma about 58).
    assert_eq!(pieces.len(), 15);
    assert_eq!(squares.len(), 19);
    assert!(
        pieces.values().all(|&k| (435..=565).contains(&k)),
        "{pieces:?}"
    );
    assert!(
        squares.values().all(|&k| (337..=453).contains(&k)),
        "{squares:?}"
    );
}
