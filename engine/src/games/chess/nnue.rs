//! The inputs of a chess network (`crate::core::network`): 768 features, one per (colour relative to
//! the perspective, piece kind, square seen from that side), so that a position and its
//! colour-mirrored twin give the same inputs with the perspectives swapped. A network file is
//! loaded by the variant option `EvalNet`; with one, `evaluate` is the network's score, or
//! for a network of `FEATURES_ON_HAND` the hand-written evaluation's plus the network's.

use std::sync::{Arc, OnceLock};

use super::{Chess, Position};
use crate::core::bitboard::{Bits, Cell};
use crate::core::game::RuleError;
use crate::core::network::Network;

/// The feature set's name, written into network files.
pub const FEATURES: &str = "chess-768";
/// The same inputs for a network whose score is added to the hand-written evaluation's (a
/// correction of it, trained on what the evaluation gets wrong) instead of replacing it.
pub const FEATURES_ON_HAND: &str = "chess-768+hce";
/// Inputs of the feature set.
pub const INPUTS: usize = 768;

/// The index of a piece of `color` and `kind` on `sq` seen from `perspective`.
#[inline]
pub fn feature(perspective: usize, color: usize, kind: usize, sq: usize) -> u16 {
    let rel = if color == perspective { 0 } else { 384 };
    let sq = if perspective == 0 { sq } else { sq ^ 56 };
    (rel + kind * 64 + sq) as u16
}

/// Linear weights to start training from: the material values of the hand-written
/// evaluation's middlegame (in units of `nnue::SCALE` centipawns), own pieces plus, the
/// other side's minus; the king nothing.
pub fn material_start() -> Vec<f32> {
    let w = super::Weights::default();
    let mut v = vec![0.0; INPUTS];
    for (f, x) in v.iter_mut().enumerate() {
        let kind = (f % 384) / 64;
        if kind < 5 {
            let m = w.material.0[kind].mg as f32 / crate::core::network::SCALE as f32;
            *x = if f < 384 { m } else { -m };
        }
    }
    v
}

/// The same feature with the board mirrored left to right (files a and h swapped).
#[inline]
pub fn mirror(f: u16) -> u16 {
    f ^ 7
}

/// The FEN of a position with the board mirrored left to right (files a and h swapped),
/// the features of which are the position's through `mirror`. Castling rights are dropped
/// (a mirrored castle is not a move of chess); the en-passant square is mirrored.
pub fn mirror_files_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(board) = fields.first_mut() {
        *board = board
            .split('/')
            .map(|rank| rank.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
    }
    if let Some(castling) = fields.get_mut(2) {
        *castling = "-".into();
    }
    if let Some(ep) = fields.get_mut(3) {
        if let Some(file) = ep.bytes().next().filter(|f| (b'a'..=b'h').contains(f)) {
            *ep = format!("{}{}", (b'a' + b'h' - file) as char, &ep[1..]);
        }
    }
    fields.join(" ")
}

/// A position's active features from the side to move's perspective and the other side's
/// (at most 32 each in a legal position; a position set up with more pieces keeps the first
/// 64).
#[derive(Clone, Copy)]
pub struct Features {
    pub own: [u16; 64],
    pub other: [u16; 64],
    pub len: usize,
}

impl Features {
    pub fn own(&self) -> &[u16] {
        &self.own[..self.len]
    }

    pub fn other(&self) -> &[u16] {
        &self.other[..self.len]
    }
}

impl Chess {
    /// The network's inputs for this position.
    pub fn net_features(&self) -> Features {
        let stm = self.side_to_move().index();
        let mut f = Features {
            own: [0; 64],
            other: [0; 64],
            len: 0,
        };
        for color in 0..2 {
            for kind in 0..6 {
                let mut bb = self.pos.pieces(color, kind);
                while bb != 0 && f.len < 64 {
                    let sq = bb.trailing_zeros() as usize;
                    bb &= bb - 1;
                    f.own[f.len] = feature(stm, color, kind, sq);
                    f.other[f.len] = feature(stm ^ 1, color, kind, sq);
                    f.len += 1;
                }
            }
        }
        f
    }

    /// Plays on with a network as the evaluation (`None`: the hand-written one).
    pub fn set_net(&mut self, net: Option<Arc<Network>>) {
        let mut t = super::eval::EvalTables::new(self.eval.weights);
        t.net_on_hand = net.as_ref().is_some_and(|n| n.features == FEATURES_ON_HAND);
        t.net = net;
        self.eval = Arc::new(t);
        self.refresh_net();
    }

    /// The network's sums started afresh at the current position (none without a network).
    pub(super) fn refresh_net(&mut self) {
        match &self.eval.net {
            Some(net) => {
                // `net_features` lists them from the side to move's perspective first.
                let f = self.net_features();
                let by_player = match self.side_to_move().index() {
                    0 => [f.own(), f.other()],
                    _ => [f.other(), f.own()],
                };
                self.acc.reset(net, self.pos.key, by_player);
            }
            None => self.acc.clear(),
        }
    }

    /// After an action (or a pass) from `old`: the network's sums follow the pieces that
    /// left or reached a square, found by comparing the boards (a capture, a promotion,
    /// castling and en passant alike; in Chess960 king and rook may trade squares, which
    /// only the kinds' boards show).
    #[inline]
    pub(super) fn follow_net(&mut self, old: &Position) {
        let Some(net) = &self.eval.net else {
            return;
        };
        let new = &self.pos;
        let mut changed = (old.by_color[0] ^ new.by_color[0]) | (old.by_color[1] ^ new.by_color[1]);
        for k in 0..6 {
            changed |= old.by_kind[k] ^ new.by_kind[k];
        }
        if changed.count_ones() > 4 {
            // Not an action of chess (each changes at most four squares): start over.
            self.refresh_net();
            return;
        }
        let piece_on = |p: &Position, sq: Cell| -> Option<(usize, usize)> {
            let bit = 1u64 << sq;
            let color = if p.by_color[0] & bit != 0 {
                0
            } else if p.by_color[1] & bit != 0 {
                1
            } else {
                return None;
            };
            (0..6)
                .find(|&k| p.by_kind[k] & bit != 0)
                .map(|k| (color, k))
        };
        // At most four features change: castling moves two pieces, a capturing promotion
        // takes two away and puts one down.
        let mut on = [[0u16; 4]; 2];
        let mut off = [[0u16; 4]; 2];
        let (mut n_on, mut n_off) = (0, 0);
        for sq in Bits(changed) {
            if let Some((color, kind)) = piece_on(old, sq) {
                for (p, list) in off.iter_mut().enumerate() {
                    list[n_off] = feature(p, color, kind, sq as usize);
                }
                n_off += 1;
            }
            if let Some((color, kind)) = piece_on(new, sq) {
                for (p, list) in on.iter_mut().enumerate() {
                    list[n_on] = feature(p, color, kind, sq as usize);
                }
                n_on += 1;
            }
        }
        self.acc.push(
            net,
            self.pos.key,
            [&on[0][..n_on], &on[1][..n_on]],
            [&off[0][..n_off], &off[1][..n_off]],
        );
    }

    /// The network's score for the side to move: from the kept sums where they are the
    /// current position's, counted afresh otherwise.
    pub(super) fn net_evaluate(&self, net: &Network) -> i32 {
        let stm = self.side_to_move().index();
        if let Some((first, second)) = self.acc.current(self.pos.key) {
            return if stm == 0 {
                net.evaluate_sums(first, second)
            } else {
                net.evaluate_sums(second, first)
            };
        }
        let f = self.net_features();
        net.evaluate(f.own(), f.other())
    }

    /// The network in use, if any.
    pub fn net(&self) -> Option<&Arc<Network>> {
        self.eval.net.as_ref()
    }
}

/// The `EvalNet` value of the network built into the engine (the option's default).
pub const BUILTIN: &str = "builtin";
/// The `EvalNet` value of the hand-written evaluation alone (an empty value says the same).
pub const NONE: &str = "none";

/// The network built in: a correction of the hand-written evaluation (`FEATURES_ON_HAND`),
/// trained by `tessera tune nnue --residual` on Tessera's own games and accepted by an SPRT
/// match against the evaluation alone, then refined on newer games (`--init builtin`) and
/// accepted again against itself (`docs/guide/tuning.md`).
pub fn builtin() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| {
        let bytes = include_bytes!("builtin.nnue");
        Arc::new(Network::from_bytes(bytes).expect("the built-in network reads"))
    })
    .clone()
}

/// Loads a network for chess: the `EvalNet` option's value (`builtin`, `none` or empty, or a
/// file).
pub fn load(path: &str) -> Result<Option<Arc<Network>>, RuleError> {
    let p = path.trim();
    if p.is_empty() || p == "<empty>" || p.eq_ignore_ascii_case(NONE) {
        return Ok(None);
    }
    if p.eq_ignore_ascii_case(BUILTIN) {
        return Ok(Some(builtin()));
    }
    let net = Network::load(p).map_err(RuleError::new)?;
    if (net.features != FEATURES && net.features != FEATURES_ON_HAND) || net.inputs != INPUTS {
        return Err(RuleError::new(format!(
            "{p} is a network for {} ({} inputs), not {FEATURES} or {FEATURES_ON_HAND}",
            net.features, net.inputs
        )));
    }
    Ok(Some(net))
}

/// The option's check: the file must load.
pub fn check(path: &str) -> Result<(), RuleError> {
    load(path).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Evaluate;
    use crate::core::network::{FloatNet, SCALE};
    use crate::games::chess::PieceKind;
    use crate::tune::nnue::initial;

    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
        "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    ];

    fn sorted(v: &[u16]) -> Vec<u16> {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn features_see_a_position_and_its_colour_mirrored_twin_alike() {
        for fen in FENS {
            let c = Chess::from_fen(fen, false).unwrap();
            let twin = Chess::from_fen(&super::super::eval::tests::mirror(fen), false).unwrap();
            let (f, t) = (c.net_features(), twin.net_features());
            assert_eq!(f.len, c.occupied().count_ones() as usize, "{fen}");
            assert_eq!(sorted(f.own()), sorted(t.own()), "{fen}");
            assert_eq!(sorted(f.other()), sorted(t.other()), "{fen}");
            assert!(f
                .own()
                .iter()
                .chain(f.other())
                .all(|&x| (x as usize) < INPUTS));
        }
        // White's king on e1 seen by White, and by Black as an enemy king on e8.
        let c = Chess::new(false);
        let k = PieceKind::King as usize;
        assert!(c.net_features().own().contains(&((k * 64 + 4) as u16)));
        assert!(c
            .net_features()
            .other()
            .contains(&((384 + k * 64 + 60) as u16)));
        // Left-right mirroring is the feature's file reversed.
        assert_eq!(mirror(feature(0, 0, k, 4)) as usize, k * 64 + 3);
    }

    #[test]
    fn a_position_mirrored_by_files_has_the_mirrored_features() {
        for fen in FENS.iter().chain(&["4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"]) {
            let c = Chess::from_fen(fen, false).unwrap();
            let m = Chess::from_fen(&mirror_files_fen(fen), false).unwrap();
            let flip = |f: &[u16]| sorted(&f.iter().map(|&x| mirror(x)).collect::<Vec<_>>());
            let (f, g) = (c.net_features(), m.net_features());
            assert_eq!(flip(f.own()), sorted(g.own()), "{fen}");
            assert_eq!(flip(f.other()), sorted(g.other()), "{fen}");
            assert_eq!(
                mirror_files_fen(&mirror_files_fen(fen)).split(' ').nth(3),
                fen.split(' ').nth(3)
            );
        }
        assert_eq!(
            mirror_files_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
            "3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2"
        );
    }

    /// A network whose hidden layer says nothing: its score is its linear part, here the
    /// hand-written evaluation's middlegame material.
    fn material_only() -> FloatNet {
        let mut n = initial(FEATURES, INPUTS, 8, Some(material_start()), 1);
        n.w2.iter_mut().for_each(|w| *w = 0.0);
        n
    }

    #[test]
    fn a_network_evaluates_instead_of_the_weights_and_keeps_through_new_weights() {
        let w = crate::games::chess::Weights::default();
        let net = Arc::new(Network::quantize(&material_only()));
        // White is a queen up; Black to move sees minus a queen.
        for (fen, want) in [
            (FENS[0], 0),
            (
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                w.material.0[4].mg,
            ),
            (
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                -w.material.0[4].mg,
            ),
        ] {
            let mut c = Chess::from_fen(fen, false).unwrap();
            c.set_net(Some(net.clone()));
            assert!((c.evaluate() - want).abs() <= 1, "{fen}: {}", c.evaluate());
            // Other weights keep the network.
            c.set_weights(w);
            assert!((c.evaluate() - want).abs() <= 1);
            c.set_net(None);
            assert!(c.net().is_none());
        }
        // A trained-looking network: the integer form within a few centipawns of the float.
        let f = initial(FEATURES, INPUTS, 64, Some(material_start()), 9);
        let q = Arc::new(Network::quantize(&f));
        for fen in FENS {
            let mut c = Chess::from_fen(fen, false).unwrap();
            c.set_net(Some(q.clone()));
            let x = c.net_features();
            let exact = f.forward(x.own(), x.other()) * SCALE as f32;
            assert!(
                (exact - c.evaluate() as f32).abs() < 4.0,
                "{fen}: {exact} vs {}",
                c.evaluate()
            );
        }
    }

    #[test]
    fn a_network_on_the_hand_written_evaluation_adds_its_score_to_it() {
        use crate::core::game::Game;
        use rand_core::{RngCore, SeedableRng};
        let mut silent = material_only();
        silent.features = FEATURES_ON_HAND.into();
        silent.psqt.iter_mut().for_each(|x| *x = 0.0);
        let mut material = material_only();
        material.features = FEATURES_ON_HAND.into();
        let w = crate::games::chess::Weights::default();
        for fen in FENS {
            let hand = Chess::from_fen(fen, false).unwrap().evaluate();
            let mut c = Chess::from_fen(fen, false).unwrap();
            c.set_net(Some(Arc::new(Network::quantize(&silent))));
            assert_eq!(c.evaluate(), hand, "{fen}");
            let net = Arc::new(Network::quantize(&material));
            c.set_net(Some(net.clone()));
            let f = c.net_features();
            assert_eq!(
                c.evaluate(),
                hand + net.evaluate(f.own(), f.other()),
                "{fen}"
            );
            // New weights keep the network and its role.
            c.set_weights(w);
            assert_eq!(
                c.evaluate(),
                hand + net.evaluate(f.own(), f.other()),
                "{fen}"
            );
        }
        // Along a line of play the kept sums give the same sum as a fresh count.
        let net = Arc::new(Network::quantize(&{
            let mut n = initial(FEATURES_ON_HAND, INPUTS, 32, None, 4);
            n.psqt.iter_mut().for_each(|x| *x = 0.01);
            n
        }));
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut c = Chess::from_fen(FENS[1], false).unwrap();
        let mut plain = c.clone();
        c.set_net(Some(net.clone()));
        for _ in 0..60 {
            let f = c.net_features();
            assert_eq!(
                c.evaluate(),
                plain.evaluate() + net.evaluate(f.own(), f.other()),
                "{}",
                c.fen()
            );
            let mut moves = Vec::new();
            c.legal_actions(&mut moves);
            if moves.is_empty() {
                break;
            }
            let a = moves[rng.next_u64() as usize % moves.len()];
            c.play(a);
            plain.play(a);
        }
    }

    #[test]
    fn the_correction_is_held_back_where_the_evaluation_scales_a_pawnless_ending_down() {
        let mut material = material_only();
        material.features = FEATURES_ON_HAND.into();
        let net = Arc::new(Network::quantize(&material));
        let with_net = |fen: &str| {
            let plain = Chess::from_fen(fen, false).unwrap();
            let mut c = plain.clone();
            c.set_net(Some(net.clone()));
            let f = c.net_features();
            (
                c.evaluate(),
                plain.evaluate(),
                net.evaluate(f.own(), f.other()),
            )
        };
        // A rook against a bishop, two knights against a pawn: an eighth of the correction.
        for fen in [
            "7k/1R6/5K2/8/8/8/b7/8 b - - 0 1",
            "8/5k2/8/8/8/8/7p/5N1K w - - 0 1",
        ] {
            let (eval, hand, correction) = with_net(fen);
            assert!(correction.abs() >= 40, "{fen}: {correction}");
            assert_eq!(eval, hand + correction / 8, "{fen}");
        }
        // A rook's pawn and the wrong bishop against the king in the corner: a draw, whole.
        assert_eq!(with_net("7k/8/6K1/7P/8/8/8/3B4 w - - 0 1").0, 0);
        // A rook against a knight with pawns on the board: all of it.
        let (eval, hand, correction) = with_net("7k/1R6/5K2/8/8/8/n6P/8 b - - 0 1");
        assert_eq!(eval, hand + correction);
    }

    #[test]
    fn kept_sums_agree_with_a_fresh_count_along_random_lines() {
        use crate::core::game::Game;
        use rand_core::{RngCore, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let starts = [
            (FENS[1], false),
            (FENS[2], false),
            // Promotions with and without a capture, en passant, castling both ways.
            ("r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1", false),
            // Chess960: king and rook may cross each other's squares when castling.
            (
                "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
                true,
            ),
        ];
        // A fast hidden size and one without a fixed-size path.
        for hidden in [32, 24] {
            let net = Arc::new(Network::quantize(&initial(
                FEATURES,
                INPUTS,
                hidden,
                Some(material_start()),
                5,
            )));
            let fresh = |c: &Chess| {
                let f = c.net_features();
                net.evaluate(f.own(), f.other())
            };
            for (fen, chess960) in starts {
                let mut c = Chess::from_fen(fen, chess960).unwrap();
                c.set_net(Some(net.clone()));
                let mut line = Vec::new();
                for _ in 0..120 {
                    assert!(c.acc.current(c.key()).is_some(), "{}", c.fen());
                    assert_eq!(c.evaluate(), fresh(&c), "{}", c.fen());
                    let mut moves = Vec::new();
                    c.legal_actions(&mut moves);
                    let r = rng.next_u64() % 8;
                    if moves.is_empty() || (r == 0 && !line.is_empty()) {
                        match line.pop() {
                            Some(u) => c.undo(u),
                            None => break,
                        }
                    } else if r == 1 {
                        if let Some(u) = c.play_null() {
                            line.push(u);
                        }
                    } else {
                        let a = moves[rng.next_u64() as usize % moves.len()];
                        line.push(c.play(a));
                    }
                }
                // Back to the start, the sums are those it began with.
                while let Some(u) = line.pop() {
                    c.undo(u);
                }
                assert_eq!(c.evaluate(), fresh(&c));
                assert!(c.acc.current(c.key()).is_some());
                // A new position from a FEN starts the sums over.
                c.set_fen(FENS[3]).unwrap();
                assert!(c.acc.current(c.key()).is_some());
                assert_eq!(c.evaluate(), fresh(&c));
            }
        }
        // Taken back past where the network was set, the game counts afresh.
        let mut c = Chess::new(false);
        let u = c.play(c.parse_action("e2e4").unwrap());
        c.set_net(Some(Arc::new(Network::quantize(&material_only()))));
        c.undo(u);
        assert!(c.acc.current(c.key()).is_none());
        assert_eq!(c.evaluate(), 0);
    }

    #[test]
    fn the_option_loads_a_network_file_and_refuses_others() {
        let dir = std::env::temp_dir().join(format!("tessera-nnue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("m.nnue");
        std::fs::write(&good, Network::quantize(&material_only()).to_bytes()).unwrap();
        let path = good.to_string_lossy().into_owned();
        assert!(check(&path).is_ok());
        assert!(load("").unwrap().is_none());
        assert!(load("none").unwrap().is_none());
        let mut other = material_only();
        other.features = "shogi-2000".into();
        let bad = dir.join("other.nnue");
        std::fs::write(&bad, Network::quantize(&other).to_bytes()).unwrap();
        let e = check(&bad.to_string_lossy()).unwrap_err().to_string();
        assert!(e.contains("not chess-768"), "{e}");
        assert!(check("/no/such/file.nnue").is_err());
        let mut o = crate::core::options::VariantOptions::new();
        o.set("EvalNet", &path);
        // The variant option builds a game with the network; a bad file is refused there too.
        assert!(<Chess as crate::core::variant::Variant>::from_options(&o).is_ok());
        o.set("EvalNet", "/no/such/file.nnue");
        assert!(<Chess as crate::core::variant::Variant>::from_options(&o).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_built_in_network_is_the_default_and_corrects_the_hand_written_evaluation() {
        use crate::core::game::Game;
        let net = builtin();
        assert_eq!(net.features, FEATURES_ON_HAND);
        assert_eq!(net.inputs, INPUTS);
        assert!(Arc::ptr_eq(&load(BUILTIN).unwrap().unwrap(), &net));
        // Chess with no option set evaluates with it; with `none`, without.
        let eval = |o: &crate::core::options::VariantOptions| {
            let mut g = <Chess as crate::core::variant::Variant>::from_options(o).unwrap();
            g.set_fen(FENS[1]).unwrap();
            g.evaluate()
        };
        let mut o = crate::core::options::VariantOptions::new();
        let with = eval(&o);
        o.set("EvalNet", NONE);
        let without = eval(&o);
        let mut c = Chess::new(false);
        c.set_fen(FENS[1]).unwrap();
        assert_eq!(without, c.evaluate());
        c.set_net(Some(net));
        assert_eq!(with, c.evaluate());
        assert_ne!(with, without);
    }
}
