//! Tests: the Chess960 numbering, the rules against a slow reference generator written apart
//! from `movegen`, play/undo, keys, text round trips, views through `contract::check_hidden`,
//! and inference (never losing the truth, exact counts on small cases).

use proptest::prelude::*;

use super::knowledge::Knowledge;
use super::position::{Phase, UNKNOWN};
use super::setup::{self, bit, BISHOP, KING, KNIGHT, QUEEN, ROOK};
use super::*;
use crate::core::game::{seeded_rng, Evaluate, Hidden, View};

fn legal_text(g: &Cloak) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut t: Vec<String> = v.into_iter().map(|a| g.format_action(a)).collect();
    t.sort();
    t
}

/// A game dealt and played `plies` random actions from `seed`.
fn random_game(seed: u64, plies: usize) -> Cloak {
    let mut rng = seeded_rng(seed);
    let mut g = Cloak::new(None);
    for _ in 0..plies {
        if g.terminal().is_some() {
            break;
        }
        let a = if g.is_chance_node() {
            g.sample_chance(&mut rng)
        } else {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            v[crate::core::game::below(&mut rng, v.len())]
        };
        g.play(a);
    }
    g
}

mod reference {
    //! A slow, obvious generator over a plain board: ray walking, its own make for the check
    //! test. It shares nothing with `movegen` but the position it reads.
    use super::super::position::{Phase, Position};
    use crate::core::game::Player;

    #[derive(Clone, Copy, PartialEq)]
    struct P {
        white: bool,
        kind: char, // p n b r q k
        cloaked: bool,
    }

    type Board = [Option<P>; 64];

    fn board(pos: &Position) -> Board {
        let mut b = [None; 64];
        for (s, slot) in b.iter_mut().enumerate() {
            if let Some(p) = pos.board[s] {
                *slot = Some(P {
                    white: p.color == Player::White,
                    kind: b"pnbrqk?"[p.kind as usize] as char,
                    cloaked: pos.num[s] > 0,
                });
            }
        }
        b
    }

    fn name(s: i32) -> String {
        format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
    }

    fn on(f: i32, r: i32) -> bool {
        (0..8).contains(&f) && (0..8).contains(&r)
    }

    /// Cells the piece on `s` attacks.
    fn attacked_from(b: &Board, s: i32) -> Vec<i32> {
        let p = b[s as usize].unwrap();
        let (f, r) = (s % 8, s / 8);
        let mut out = Vec::new();
        let steps = |d: &[(i32, i32)], slide: bool, out: &mut Vec<i32>| {
            for &(df, dr) in d {
                let (mut x, mut y) = (f + df, r + dr);
                while on(x, y) {
                    out.push(y * 8 + x);
                    if !slide || b[(y * 8 + x) as usize].is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        match p.kind {
            'p' => {
                let dr = if p.white { 1 } else { -1 };
                steps(&[(1, dr), (-1, dr)], false, &mut out)
            }
            'n' => steps(
                &[
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ],
                false,
                &mut out,
            ),
            'b' => steps(&diag, true, &mut out),
            'r' => steps(&orth, true, &mut out),
            'q' => {
                steps(&diag, true, &mut out);
                steps(&orth, true, &mut out)
            }
            'k' => {
                steps(&diag, false, &mut out);
                steps(&orth, false, &mut out)
            }
            _ => {}
        }
        out
    }

    fn seen_attack(b: &Board, cell: i32, by_white: bool) -> bool {
        (0..64).any(|s| {
            b[s as usize].is_some_and(|p| p.white == by_white && !p.cloaked)
                && attacked_from(b, s).contains(&cell)
        })
    }

    fn king_bound(b: &Board, white: bool) -> Option<i32> {
        (0..64).find(|&s| {
            b[s as usize].is_some_and(|p| p.white == white && p.kind == 'k' && !p.cloaked)
        })
    }

    /// After moving: the mover's uncloaked king is not attacked by a visible enemy (or an
    /// uncloaked enemy king was taken: a cloaked one's capture is public as any capture).
    fn safe_after(b: &Board, white: bool, took_king: bool) -> bool {
        took_king || king_bound(b, white).is_none_or(|k| !seen_attack(b, k, !white))
    }

    fn pawn_actions(pos: &Position, b: &Board, white: bool, out: &mut Vec<String>) {
        let dr = if white { 1 } else { -1 };
        let start_rank = if white { 1 } else { 6 };
        let last = if white { 7 } else { 0 };
        for s in 0..64 {
            let Some(p) = b[s as usize] else { continue };
            if p.white != white || p.kind != 'p' {
                continue;
            }
            let (f, r) = (s % 8, s / 8);
            let mut targets = Vec::new();
            if on(f, r + dr) && b[((r + dr) * 8 + f) as usize].is_none() {
                targets.push(((r + dr) * 8 + f, false));
                if r == start_rank && b[((r + 2 * dr) * 8 + f) as usize].is_none() {
                    targets.push(((r + 2 * dr) * 8 + f, false));
                }
            }
            for df in [-1, 1] {
                if !on(f + df, r + dr) {
                    continue;
                }
                let t = (r + dr) * 8 + f + df;
                if b[t as usize].is_some_and(|q| q.white != white) {
                    targets.push((t, false));
                } else if pos.ep == Some(t as u8)
                    && b[t as usize].is_none()
                    && b[(t - 8 * dr) as usize].is_some_and(|q| q.white != white && q.kind == 'p')
                {
                    // Only an enemy pawn that just passed the cell is taken.
                    targets.push((t, true));
                }
            }
            for (t, ep) in targets {
                let mut nb = *b;
                let took_king = nb[t as usize].is_some_and(|q| q.kind == 'k' && !q.cloaked);
                nb[t as usize] = nb[s as usize].take();
                if ep {
                    nb[(t - 8 * dr) as usize] = None;
                }
                let promo = t / 8 == last;
                if promo {
                    for k in ['q', 'r', 'b', 'n'] {
                        nb[t as usize] = Some(P {
                            white,
                            kind: k,
                            cloaked: false,
                        });
                        if safe_after(&nb, white, took_king) {
                            out.push(format!("{}{}{k}", name(s), name(t)));
                        }
                    }
                } else if safe_after(&nb, white, took_king) {
                    out.push(format!("{}{}", name(s), name(t)));
                }
            }
        }
    }

    fn bonus(pos: &Position, b: &Board, white: bool, out: &mut Vec<String>) {
        pawn_actions(pos, b, white, out);
        let idx = if white { 0 } else { 1 };
        if pos.reserve[idx] > 0 {
            let r = if white { 1 } else { 6 };
            for f in 0..8 {
                let t = r * 8 + f;
                if b[t as usize].is_none() {
                    let mut nb = *b;
                    nb[t as usize] = Some(P {
                        white,
                        kind: 'p',
                        cloaked: false,
                    });
                    if safe_after(&nb, white, false) {
                        out.push(format!("P@{}", name(t)));
                    }
                }
            }
        }
        out.push("pass".into());
    }

    fn moves(pos: &Position, b: &Board, white: bool, out: &mut Vec<String>) {
        pawn_actions(pos, b, white, out);
        for s in 0..64 {
            let Some(p) = b[s as usize] else { continue };
            if p.white != white || p.kind == 'p' {
                continue;
            }
            for t in attacked_from(b, s) {
                if b[t as usize].is_some_and(|q| q.white == white) {
                    continue;
                }
                let mut nb = *b;
                let took_king = nb[t as usize].is_some_and(|q| q.kind == 'k' && !q.cloaked);
                nb[t as usize] = nb[s as usize].take();
                if safe_after(&nb, white, took_king) {
                    out.push(format!("{}{}", name(s), name(t)));
                }
            }
        }
        // Castling, the Chess960 way.
        let idx = if white { 0 } else { 1 };
        let rank = if white { 0 } else { 7 };
        let Some(kf) = (0..8).find(|&f| {
            b[(rank * 8 + f) as usize].is_some_and(|p| p.white == white && p.kind == 'k')
        }) else {
            return;
        };
        if pos.unmoved[idx] >> kf & 1 == 0 {
            return;
        }
        let k = rank * 8 + kf;
        for rf in 0..8 {
            let r = rank * 8 + rf;
            if rf == kf
                || pos.unmoved[idx] >> rf & 1 == 0
                || !b[r as usize].is_some_and(|p| p.white == white && p.kind == 'r')
            {
                continue;
            }
            let (kt, rt) = if rf > kf { (6, 5) } else { (2, 3) };
            let span = |a: i32, z: i32| (a.min(z)..=a.max(z)).collect::<Vec<_>>();
            let mut need: Vec<i32> = span(kf, kt);
            need.extend(span(rf, rt));
            if need
                .iter()
                .any(|&f| f != kf && f != rf && b[(rank * 8 + f) as usize].is_some())
            {
                continue;
            }
            let king = b[k as usize].unwrap();
            if !king.cloaked
                && span(kf, kt)
                    .iter()
                    .filter(|&&f| f != kt)
                    .any(|&f| seen_attack(b, rank * 8 + f, !white))
            {
                continue;
            }
            let mut nb = *b;
            let rook = nb[r as usize].take();
            nb[k as usize] = None;
            nb[(rank * 8 + kt) as usize] = Some(king);
            nb[(rank * 8 + rt) as usize] = rook;
            if safe_after(&nb, white, false) {
                out.push(format!("{}{}", name(k), name(r)));
            }
        }
    }

    /// Every Chess960 arrangement, by letters from the a-file: every order of the eight
    /// pieces, kept where the king stands between the rooks and the bishops on cells of both
    /// colours.
    fn arrangements() -> &'static Vec<[char; 8]> {
        fn orders(left: &mut Vec<char>, cur: &mut Vec<char>, out: &mut Vec<[char; 8]>) {
            if left.is_empty() {
                out.push(std::array::from_fn(|i| cur[i]));
                return;
            }
            let mut tried = Vec::new();
            for i in 0..left.len() {
                if tried.contains(&left[i]) {
                    continue;
                }
                tried.push(left[i]);
                let c = left.remove(i);
                cur.push(c);
                orders(left, cur, out);
                cur.pop();
                left.insert(i, c);
            }
        }
        static ALL: std::sync::OnceLock<Vec<[char; 8]>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let mut every = Vec::new();
            orders(
                &mut "rnbqkbnr".chars().collect(),
                &mut Vec::new(),
                &mut every,
            );
            every.retain(|a| {
                let at = |c: char| (0..8).filter(|&f| a[f] == c).collect::<Vec<_>>();
                let (r, k, bs) = (at('r'), at('k')[0], at('b'));
                r[0] < k && k < r[1] && bs[0] % 2 != bs[1] % 2
            });
            assert_eq!(every.len(), 960);
            every
        })
    }

    /// The legal actions as text, sorted.
    pub fn legal(pos: &Position) -> Vec<String> {
        let b = board(pos);
        let white = pos.side == Player::White;
        let mut out = Vec::new();
        if pos.king_taken.is_some() {
            return out;
        }
        match pos.phase {
            Phase::Deal => {
                let side = if pos.dealt[0] { 'b' } else { 'w' };
                out.extend((0..960).map(|n| format!("deal-{side}-{n}")));
            }
            Phase::BonusFirst | Phase::BonusAfter => bonus(pos, &b, white, &mut out),
            Phase::Start | Phase::Move { .. } => {
                moves(pos, &b, white, &mut out);
                if pos.phase == Phase::Start && !out.is_empty() {
                    let them = if white { 1 } else { 0 };
                    let masks = pos.know[them].mask;
                    let fits = |a: &[char; 8]| {
                        (0..8).all(|f| masks[f] >> "pnbrqk".find(a[f]).unwrap() & 1 != 0)
                    };
                    for (s, cell) in b.iter().enumerate() {
                        let n = pos.num[s];
                        if n > 0 && cell.is_some_and(|p| p.white != white) {
                            for c in "nbrqk".chars() {
                                if arrangements()
                                    .iter()
                                    .any(|a| a[n as usize - 1] == c && fits(a))
                                {
                                    out.push(format!("{n}={c}"));
                                }
                            }
                        }
                    }
                }
            }
            Phase::Uncloak { after } => {
                for s in 0..64usize {
                    let n = pos.num[s];
                    if n > after && b[s].is_some_and(|p| p.white == white) {
                        let p = b[s].unwrap();
                        let mut nb = b;
                        nb[s] = Some(P {
                            cloaked: false,
                            ..p
                        });
                        if p.kind != 'k' || safe_after(&nb, white, false) {
                            out.push(format!("u{n}"));
                        }
                    }
                }
                out.push("end".into());
            }
        }
        out.sort();
        out
    }
}

#[test]
fn chess960_numbering() {
    assert_eq!(setup::letters(&setup::arrangement(518)), "RNBQKBNR");
    assert_eq!(setup::letters(&setup::arrangement(0)), "BBQNNRKR");
    assert_eq!(setup::letters(&setup::arrangement(959)), "RKRNNQBB");
    let mut seen = std::collections::HashSet::new();
    for a in setup::all() {
        assert!(seen.insert(*a));
        let k = a.iter().position(|&x| x == KING).unwrap();
        let rooks: Vec<usize> = (0..8).filter(|&f| a[f] == ROOK).collect();
        assert!(rooks[0] < k && k < rooks[1]);
        let b: Vec<usize> = (0..8).filter(|&f| a[f] == BISHOP).collect();
        assert_ne!(b[0] % 2, b[1] % 2);
    }
    assert_eq!(seen.len(), 960);
}

#[test]
fn matches_the_reference_generator_in_random_games() {
    let mut rng = seeded_rng(11);
    for game in 0..40u64 {
        let mut g = Cloak::new(None);
        for _ in 0..300 {
            if g.terminal().is_some() {
                break;
            }
            let fast = legal_text(&g);
            let slow = reference::legal(&g.pos);
            assert_eq!(fast, slow, "game {game} at {}", g.fen());
            if fast.is_empty() {
                break;
            }
            let a = if g.is_chance_node() {
                g.sample_chance(&mut rng)
            } else {
                g.parse_action(&fast[crate::core::game::below(&mut rng, fast.len())])
                    .unwrap()
            };
            g.play(a);
        }
    }
}

/// Perft through the game's own play, counting with the reference generator at every node.
fn perft_pair(g: &mut Cloak, depth: u32) -> (u64, u64) {
    if depth == 0 {
        return (1, 1);
    }
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let slow = reference::legal(&g.pos);
    assert_eq!(legal_text(g), slow, "at {}", g.fen());
    if depth == 1 {
        return (v.len() as u64, slow.len() as u64);
    }
    let (mut a, mut b) = (0, 0);
    for m in v {
        let u = g.play(m);
        let (x, y) = perft_pair(g, depth - 1);
        g.undo(u);
        a += x;
        b += y;
    }
    (a, b)
}

#[test]
fn perft_agrees_with_the_reference() {
    let mut g = Cloak::new(Some([518, 518]));
    let (fast, slow) = perft_pair(&mut g, 3);
    assert_eq!(fast, slow);
    // 20 first moves and 38 guesses (8 checkers, 5 kinds each, but no king on a or h).
    assert_eq!(crate::tools::perft::perft(&mut g, 1), 20 + 38);
    let mut h = Cloak::new(Some([0, 959]));
    let (fast, slow) = perft_pair(&mut h, 3);
    assert_eq!(fast, slow);
}

#[test]
fn fixed_setup_has_no_chance_and_a_random_one_deals() {
    let g = Cloak::new(Some([518, 312]));
    assert!(!g.is_chance_node());
    assert_eq!(g.pos.setup, [Some(518), Some(312)]);
    let r = Cloak::new(None);
    assert!(r.is_chance_node());
    let mut v = Vec::new();
    r.chance_actions(&mut v);
    assert_eq!(v.len(), 960);
    assert!(parse_setup("1000").is_err());
    assert_eq!(parse_setup("518/3").unwrap(), Some([518, 3]));
    assert_eq!(parse_setup("random").unwrap(), None);
}

#[test]
fn hidden_contract_holds() {
    let g = Cloak::new(None);
    crate::tools::contract::check_hidden(&g, 12, 3, 5).unwrap();
    let mut off = Cloak::new(Some([518, 100]));
    off.inference = false;
    crate::tools::contract::check_hidden(&off, 6, 3, 6).unwrap();
}

#[test]
fn views_never_lose_the_true_arrangement() {
    for seed in 0..30 {
        let mut rng = seeded_rng(seed);
        let mut g = Cloak::new(None);
        for _ in 0..400 {
            if g.terminal().is_some() {
                break;
            }
            for p in [Player::White, Player::Black] {
                let them = p.opponent();
                if let Some(n) = g.pos.setup[them.index()] {
                    let v = g.view(p);
                    assert!(
                        v.possible().iter().any(|x| x.0 == n && x.1 > 0.0),
                        "{} lost the truth at {}",
                        p.name(),
                        g.fen()
                    );
                }
            }
            let a = if g.is_chance_node() {
                g.sample_chance(&mut rng)
            } else {
                let mut v = Vec::new();
                g.legal_actions(&mut v);
                if v.is_empty() {
                    break;
                }
                v[crate::core::game::below(&mut rng, v.len())]
            };
            g.play(a);
        }
    }
}

#[test]
fn counts_are_exact_on_small_cases() {
    let mut k = Knowledge::new();
    assert_eq!(k.count(), 960);
    // A bishop on a1 (a dark cell): one dark-bishop file of four.
    k.set_exact(1, BISHOP);
    assert_eq!(k.count(), 240);
    // Checker 1 moved a1-b2 with nothing in the way: bishop, queen or king; king is impossible
    // on the a-file, so a bishop (240) or a queen on a1 (dark bishop on c, e or g x light
    // bishop 4 x knights 10 = 120).
    let mut m = Knowledge::new();
    m.observe_move(1, 0, 9, 0);
    assert_eq!(m.count(), 240 + 120);
    assert_eq!(m.kinds_possible(1), bit(BISHOP) | bit(QUEEN));
    // A knight's jump by checker 2 and by checker 7: both knights known, 96 left: bishops
    // 4 x 4 = 16 minus those using b or g ... counted by brute force below.
    let mut j = Knowledge::new();
    j.observe_move(2, 1, 16, 0);
    j.observe_move(7, 6, 21, 0);
    let brute = setup::all()
        .iter()
        .filter(|a| a[1] == KNIGHT && a[6] == KNIGHT)
        .count();
    assert_eq!(j.count(), brute);
    // Knights on b and g: bishops on (a|c|e) x (d|f|h) minus shared, queen and R K R on the
    // rest: 3 dark x 3 light x 4 queen cells = 36.
    assert_eq!(brute, 36);
    // Standard setup fully known by its kinds.
    let mut all = Knowledge::new();
    for (f, &kind) in setup::arrangement(518).iter().enumerate() {
        all.set_exact(f as u8 + 1, kind);
    }
    assert_eq!(all.count(), 1);
}

#[test]
fn weights_favour_the_kind_the_shapes_suggest() {
    // Checker 4 made two long line moves: a rook or a queen; rooks likelier.
    let mut k = Knowledge::new();
    k.observe_move(4, 3, 35, 0);
    k.observe_move(4, 35, 39, 0);
    let rook = setup::all()
        .iter()
        .filter(|a| k.allows(a) && a[3] == ROOK)
        .map(|a| k.weight(a))
        .fold(0.0, f64::max);
    let queen = setup::all()
        .iter()
        .filter(|a| k.allows(a) && a[3] == QUEEN)
        .map(|a| k.weight(a))
        .fold(0.0, f64::max);
    assert!(rook > queen);
}

#[test]
fn guess_bonus_and_uncloak_flow() {
    let mut g = Cloak::new(Some([518, 518]));
    // White guesses Black's checker 5 is the king: right, so it is uncloaked and a bonus
    // follows the move.
    g.play(g.parse_action("guess 5=k").unwrap());
    assert_eq!(g.pos.phase, Phase::Move { right: true });
    assert!(g.pos.cloaked & (1 << 60) == 0);
    g.play(g.parse_action("e2e4").unwrap());
    assert_eq!(g.pos.phase, Phase::BonusAfter);
    g.play(g.parse_action("d2d4").unwrap());
    assert!(matches!(g.pos.phase, Phase::Uncloak { after: 0 }));
    g.play(g.parse_action("u2").unwrap());
    assert!(matches!(g.pos.phase, Phase::Uncloak { after: 2 }));
    assert!(g.parse_action("u1").is_err());
    g.play(g.parse_action("end").unwrap());
    assert_eq!(g.to_move(), Player::Black);
    // Black guesses wrong: White's bonus comes first in White's next turn.
    g.play(g.parse_action("3=n").unwrap());
    assert!(g.pos.owed);
    g.play(g.parse_action("e7e5").unwrap());
    g.play(g.parse_action("end").unwrap());
    assert_eq!(g.pos.phase, Phase::BonusFirst);
    assert!(legal_text(&g).contains(&"pass".to_string()));
    g.play(g.parse_action("pass").unwrap());
    assert_eq!(g.pos.phase, Phase::Start);
}

#[test]
fn capture_of_a_king_wins_and_checkmate_needs_an_uncloaked_king() {
    // The cloaked black king on e8 taken by the white queen (checker 4, known by its moves).
    let bad = Cloak::from_fen(
        "[r1][n2][b3]1[k5][b6][n7][r8]/pppp1ppp/8/8/8/8/PPPPQPPP/[R1][N2][B3]1[K5][B6][N7][R8] w start abcefgh/abcefgh 0/0 - 0 1 518/518 */*/*/N/*/*/*/* */*/*/*/*/*/*/*",
    );
    assert!(bad.is_err(), "the knowledge must allow the truth");
    let mut g = Cloak::from_fen(
        "[r1][n2][b3]1[k5][b6][n7][r8]/pppp1ppp/8/8/8/8/PPPPQPPP/[R1][N2][B3]1[K5][B6][N7][R8] w start abcefgh/abcefgh 0/0 - 0 1 518/518 */*/*/Q/*/*/*/* */*/*/*/*/*/*/*",
    )
    .unwrap();
    g.play(g.parse_action("e2e8").unwrap());
    assert_eq!(
        g.terminal(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "king capture"
        })
    );
    // An uncloaked black king on h8 mated by two visible rooks.
    let m = Cloak::from_fen(
        "1R5k/R7/8/8/8/8/8/4[K5]3 b start -/- 0/0 - 0 40 518/518 */*/*/*/*/*/*/* */*/*/*/*/*/*/*",
    )
    .unwrap();
    assert_eq!(m.pos.phase, Phase::Start);
    let mut v = Vec::new();
    m.legal_actions(&mut v);
    assert!(v.is_empty(), "{:?}", legal_text(&m));
    assert_eq!(
        m.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: "checkmate"
        })
    );
}

#[test]
fn cloaked_king_may_stand_attacked_and_uncloaked_may_not() {
    // White's cloaked king on e1 next to a visible black rook on e2: it may take it or stay.
    let g = Cloak::from_fen(
        "4[k5]3/8/8/8/8/8/4r3/4[K5]3 w start -/- 0/0 - 0 40 518/518 */*/*/*/*/*/*/* */*/*/*/*/*/*/*",
    )
    .unwrap();
    assert!(legal_text(&g).contains(&"e1d1".to_string()));
    let u = Cloak::from_fen(
        "4[k5]3/8/8/8/8/8/4r3/4K3 w start -/- 0/0 - 0 40 518/518 */*/*/*/K/*/*/* */*/*/*/*/*/*/*",
    )
    .unwrap();
    let l = legal_text(&u);
    assert!(!l.contains(&"e1d2".to_string()) && l.contains(&"e1e2".to_string()));
    assert!(l.contains(&"e1d1".to_string()));
    assert!(legal_text(&g).contains(&"e1d2".to_string()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn play_undo_keys_and_text(seed: u64, plies in 0usize..120) {
        let mut g = random_game(seed, plies);
        prop_assert_eq!(g.key(), g.recompute_key());
        prop_assert_eq!(g.pos.public_board_key, g.pos.recompute_public_board_key());
        let fen = g.fen();
        let back = Cloak::from_fen(&fen).unwrap();
        prop_assert_eq!(back.fen(), fen.clone());
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        for &a in &v {
            let text = g.format_action(a);
            prop_assert_eq!(g.parse_action(&text).unwrap(), a);
            let before = g.pos.clone();
            let key = g.key();
            let u = g.play(a);
            prop_assert_eq!(g.key(), g.recompute_key());
            prop_assert_eq!(g.pos.public_board_key, g.pos.recompute_public_board_key());
            g.undo(u);
            prop_assert_eq!(&g.pos, &before);
            prop_assert_eq!(g.key(), key);
        }
        // Legality agreement: every generated action is accepted and nothing else is.
        for bogus in ["a1a1", "e9e4", "9=q", "u9", "P@a8"] {
            prop_assert!(g.parse_action(bogus).is_err());
        }
        for p in [Player::White, Player::Black] {
            let view = g.view(p);
            let text = view.fen();
            let parsed = g.parse_view(&text).unwrap();
            prop_assert_eq!(parsed.fen(), text);
            // Repetition is judged alike in the truth and in every truth a view allows.
            let drawn = view.determinize(&mut seeded_rng(seed));
            prop_assert_eq!(drawn.pos.public_key(), g.pos.public_key());
        }
        let _ = g.evaluate();
    }
}

#[test]
fn unknown_kind_only_in_views() {
    let g = Cloak::new(Some([518, 518]));
    let v = g.view(Player::White);
    assert!(v.fen().contains("[u1]"));
    assert!(Cloak::from_fen(v.fen().trim_start_matches("view w ")).is_err());
    assert!(v.pos.board[56].is_some_and(|p| p.kind == UNKNOWN));
}

/// Legality is public: with its uncloaked king in a visible check, White may not capture a
/// cloaked checker that leaves the check standing, even in the sampled truths where that
/// checker is the king (capturing it would otherwise win there and be illegal elsewhere).
#[test]
fn capturing_a_cloaked_king_does_not_excuse_a_visible_check() {
    let view_text = "view w 1[u2][u3][u4][u5][u6][u7][u8]/p1pp4/8/1p3ppp/1[Q5]P2P2/1P6/P3P1NP/[R1][N2]1q1K1R w start abh/bcdefgh 2/0 - 1 7 421/? */NBRQ/B/B/BQ:d1/N:j2/K:s1/R Q:d1/NBRQ/*/NBRQ/NBQK/*/*/*";
    let v = Cloak::new(None).parse_view(view_text).unwrap();
    let mut rng = crate::core::game::seeded_rng(9);
    let mut kings_on_f8 = 0;
    let mut expected: Option<Vec<String>> = None;
    for _ in 0..200 {
        let g = v.determinize(&mut rng);
        let mut acts = Vec::new();
        g.legal_actions(&mut acts);
        let mut texts: Vec<String> = acts.iter().map(|&a| g.format_action(a)).collect();
        texts.sort();
        assert!(!texts.contains(&"b4f8".to_string()), "{texts:?}");
        if g.pieces().iter().any(|(c, p)| *c == 61 && p == "k") {
            kings_on_f8 += 1;
        }
        match &expected {
            None => expected = Some(texts),
            Some(e) => assert_eq!(e, &texts),
        }
    }
    assert!(kings_on_f8 > 0, "no sample put the king on f8");
}

#[test]
fn worlds_hiding_own_draw_own_arrangements_the_enemy_could_believe() {
    for seed in 0..8 {
        let mut rng = seeded_rng(100 + seed);
        for plies in [2, 12, 30, 60] {
            let g = random_game(seed, plies);
            if g.terminal().is_some() || g.pos.setup.contains(&None) {
                continue;
            }
            for me in [Player::White, Player::Black] {
                let them = me.opponent();
                let v = g.view(me);
                let mut own_seen = std::collections::HashSet::new();
                for _ in 0..40 {
                    let w = v.sample_hiding_own(&mut rng).expect("cloak hides").state;
                    let (mine, theirs) = (
                        w.pos.setup[me.index()].unwrap(),
                        w.pos.setup[them.index()].unwrap(),
                    );
                    assert!(g.pos.know[me.index()].allows(&setup::arrangement(mine)));
                    assert!(v.possible().iter().any(|x| x.0 == theirs));
                    // Only cloaked checkers change: colours, cloaks, pawns and uncloaked
                    // pieces, the phase and the public knowledge stay.
                    assert_eq!(w.pos.color_bb, g.pos.color_bb);
                    assert_eq!(w.pos.cloaked, g.pos.cloaked);
                    assert_eq!(w.pos.phase, g.pos.phase);
                    assert_eq!(w.pos.know, g.pos.know);
                    for s in 0..64 {
                        if w.pos.num[s] == 0 {
                            assert_eq!(w.pos.board[s], g.pos.board[s]);
                        }
                    }
                    own_seen.insert(mine);
                }
                if plies == 2 {
                    assert!(own_seen.len() > 1, "the enemy knows nothing yet");
                }
            }
        }
    }
}

#[test]
fn each_tree_learns_from_worlds_its_player_could_believe() {
    use crate::search::mcts::{worker::Worker, FromView};
    use crate::search::MctsConfig;
    let g = random_game(3, 2);
    assert_eq!(g.pos.phase, Phase::Start);
    let model = FromView {
        view: g.view(g.to_move()),
    };
    let root_visits = |hide_own: bool| {
        let cfg = MctsConfig {
            hide_own,
            ..MctsConfig::default()
        };
        let mut w = Worker::new(&model, &cfg, 1, 1 << 26, 2);
        for _ in 0..64 {
            w.iterate(&mut |s: &Cloak, _| s.evaluate());
        }
        let own = w.own_tree();
        (w.trees[own].node(0).n, w.trees[1 - own].node(0).n)
    };
    // Half the iterations train the searching player's tree on its own samples, half the
    // opponent's on worlds where the searching player's arrangement is drawn again.
    assert_eq!(root_visits(true), (32.0, 32.0));
    // By default every iteration trains both.
    assert_eq!(root_visits(false), (64.0, 64.0));
}

/// Per checker and kind, the weighted share of the arrangements `k` allows, summed the
/// obvious way over `possible`.
fn brute_marginals(k: &Knowledge) -> [[f64; 5]; 8] {
    let list = k.possible();
    let total: f64 = list.iter().map(|x| x.1).sum();
    let mut out = [[0.0; 5]; 8];
    for &(n, w) in &list {
        for (f, &kind) in setup::arrangement(n).iter().enumerate() {
            out[f][kind as usize - 1] += w / total;
        }
    }
    out
}

#[test]
fn marginals_are_the_weighted_shares_of_the_possible_arrangements() {
    for seed in 0..6 {
        for plies in [0, 10, 40, 90] {
            let g = random_game(seed, plies);
            for side in 0..2 {
                let k = g.pos.know[side];
                for know in [k, k.told_only()] {
                    let (fast, slow) = (know.marginals(), brute_marginals(&know));
                    for f in 0..8 {
                        let sum: f64 = fast[f].iter().sum();
                        assert!((sum - 1.0).abs() < 1e-9, "{}", know.format());
                        for kind in 0..5 {
                            assert!((fast[f][kind] - slow[f][kind]).abs() < 1e-9);
                        }
                    }
                }
            }
        }
    }
    // Nothing known: the king stands between the rooks, never on a or h; the two knights
    // are two of the eight checkers in every arrangement.
    let m = Knowledge::new().marginals();
    assert_eq!(m[0][KING as usize - 1], 0.0);
    assert_eq!(m[7][KING as usize - 1], 0.0);
    let knights: f64 = (0..8).map(|f| m[f][KNIGHT as usize - 1]).sum();
    assert!((knights - 2.0).abs() < 1e-9);
}

#[test]
fn a_guess_is_as_promising_to_search_as_it_is_likely_right() {
    let mut k = Knowledge::new();
    k.observe_move(4, 3, 35, 0);
    k.observe_move(4, 35, 39, 0);
    for inference in [true, false] {
        let mut g = Cloak::new(Some([518, 518]));
        g.inference = inference;
        g.pos.know[Player::Black.index()] = k;
        let belief = g.view(Player::White).belief(4);
        let know = if inference { k } else { k.told_only() };
        for kind in [KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            let p = g.prior(position::Act::Guess { n: 4, kind });
            assert!((p - belief[kind as usize - 1]).abs() < 1e-12);
            assert!((p - brute_marginals(&know)[3][kind as usize - 1]).abs() < 1e-9);
        }
        if inference {
            // Two long line moves: a rook (likelier) or a queen, nothing else.
            assert!(belief[ROOK as usize - 1] > belief[QUEEN as usize - 1]);
            assert_eq!(belief[KNIGHT as usize - 1], 0.0);
        } else {
            assert!(belief[KNIGHT as usize - 1] > 0.0);
        }
    }
    let g = Cloak::new(Some([518, 518]));
    assert_eq!(g.prior(position::Act::End), 1.0);
}

#[test]
fn samples_follow_the_weights_and_a_reused_draw_stays_while_possible() {
    // Checker 4 made two long line moves (rooks likelier than queens): the share of rooks
    // drawn matches the weights.
    let mut g = Cloak::new(Some([518, 518]));
    let mut k = Knowledge::new();
    k.observe_move(4, 3, 35, 0);
    k.observe_move(4, 35, 39, 0);
    g.pos.know[Player::Black.index()] = k;
    let v = g.view(Player::White);
    let want = v.belief(4)[ROOK as usize - 1];
    let mut rng = seeded_rng(5);
    let draws = 4000;
    let rooks = (0..draws)
        .filter(|_| {
            let s = v.determinize(&mut rng);
            setup::arrangement(s.pos.setup[1].unwrap())[3] == ROOK
        })
        .count();
    let share = rooks as f64 / draws as f64;
    assert!((share - want).abs() < 0.03, "{share} against {want}");
    // The same random numbers draw the same arrangement after an observation that keeps
    // it possible, and another one once it is ruled out.
    let first = |v: &CloakView| v.determinize(&mut seeded_rng(9)).pos.setup[1].unwrap();
    let before = first(&v);
    let kind4 = setup::arrangement(before)[3];
    let mut narrowed = g.clone();
    let other = [ROOK, QUEEN].into_iter().find(|&x| x != kind4).unwrap();
    narrowed.pos.know[1].exclude(4, other);
    assert_eq!(first(&narrowed.view(Player::White)), before);
    let mut refuted = g.clone();
    refuted.pos.know[1].exclude(4, kind4);
    let after = first(&refuted.view(Player::White));
    assert_ne!(after, before);
    assert_ne!(setup::arrangement(after)[3], kind4);
}

#[test]
fn at_threat_100_only_a_guess_the_knowledge_leaves_open_is_speculative() {
    let mut k = Knowledge::new();
    // b1-c3 is a knight's jump: checker 2 is a knight. d1-d5 is a rook's or a queen's.
    k.observe_move(2, 1, 18, 0);
    k.observe_move(4, 3, 35, 0);
    let mut g = Cloak::new(Some([518, 518]));
    g.guess_threat = 100;
    g.pos.know[Player::Black.index()] = k;
    assert!(!g.speculative(position::Act::Guess { n: 2, kind: KNIGHT }));
    assert!(g.speculative(position::Act::Guess { n: 4, kind: ROOK }));
    assert!(g.speculative(position::Act::Guess { n: 5, kind: KING }));
    assert!(!g.speculative(position::Act::End));
}

#[test]
fn a_guess_as_likely_as_the_threat_option_is_not_speculative() {
    // At the start every arrangement is possible: checker 5 is the king in some of them.
    let mut g = Cloak::new(Some([518, 518]));
    let p = g.pos.know[Player::Black.index()].marginals()[4][KING as usize - 1];
    assert!(p > 0.05 && p < 0.5, "{p}");
    let guess = position::Act::Guess { n: 5, kind: KING };
    assert_eq!(g.guess_threat, DEFAULT_GUESS_THREAT);
    g.guess_threat = 100;
    assert!(g.speculative(guess));
    g.guess_threat = (p * 100.0).floor() as u8;
    assert!(!g.speculative(guess));
    g.guess_threat = (p * 100.0).ceil() as u8 + 1;
    assert!(g.speculative(guess));
    // A guess this truth answers wrong is left out, however likely.
    g.guess_threat = 0;
    assert!(!g.speculative(guess));
    assert!(g.speculative(position::Act::Guess { n: 5, kind: QUEEN }));
    // A settled guess is never speculative, whatever the option.
    g.guess_threat = 100;
    g.pos.know[Player::Black.index()].set_exact(2, KNIGHT);
    assert!(!g.speculative(position::Act::Guess { n: 2, kind: KNIGHT }));
}

/// A game of both standard arrangements (518) after the actions `line` names.
fn standard_game_after(line: &str) -> Cloak {
    let mut g = Cloak::new(Some([518, 518]));
    for a in line.split(' ') {
        let act = g.parse_action(a).unwrap();
        g.play(act);
    }
    g
}

#[test]
fn alpha_beta_from_a_view_can_leave_the_opponents_unlikely_guesses_out() {
    // White's queen (checker 4: two diagonal moves, a bishop or a queen) goes to d5, where
    // Black's right guess at it would give a pawn move after c7-c6: c6xd5. In a truth drawn
    // from White's view every such guess is right, as if Black knew White's arrangement:
    // alpha-beta uncloaks the checkers Black could guess. With `leave_speculative` it
    // considers Black's guesses at White's checkers only where the knowledge makes them at
    // least `CloakOwnGuessThreat` likely (100: none but settled ones).
    use crate::search::tt::TranspositionTable;
    use crate::search::{Limits, SearchConfig, SearchControl};
    let g = standard_game_after("e2e3 end a7a6 end d1f3 end b7b6 end");
    let turn = |leave_speculative, own_threat: u8| {
        let mut g = g.clone();
        g.own_guess_threat = own_threat;
        // The truth where Black stands as in the game (518): nothing of Black's attacks d5.
        let t = g
            .view(Player::White)
            .worlds(960)
            .unwrap()
            .into_iter()
            .map(|w| w.state)
            .find(|t| t.pos.setup[1] == Some(518))
            .unwrap();
        assert_eq!(t.certain, Some(Player::White));
        let cfg = SearchConfig {
            leave_speculative,
            ..SearchConfig::default()
        };
        let limits = Limits {
            searchmoves: vec!["f3d5".to_string()],
            ..Limits::depth(5)
        };
        let (ctl, tt) = (SearchControl::new(false), TranspositionTable::new(4));
        crate::search::think(&t, &limits, &cfg, &ctl, &tt, &mut |_| {}).turn
    };
    let knowing = turn(false, 100);
    assert!(knowing.contains(&"u4".to_string()), "{knowing:?}");
    assert_eq!(turn(true, 0), knowing);
    assert_eq!(turn(true, 100), vec!["f3d5", "end"]);
}

#[test]
fn a_leaf_search_sees_a_likely_guess_win_a_queen_with_its_bonus() {
    // White's queen (checker 4, two long diagonal moves: a bishop or a queen) stands on d5.
    // No black piece attacks it, but a right guess gives Black a pawn move after its move:
    // c7-c6 then c6xd5. A leaf search of one ply sees that only where such a guess is likely
    // enough for the option, and only because the guess takes no ply (`asks_only`): the
    // move is the ply, the bonus capture comes in quiescence.
    let g = standard_game_after("e2e3 end a7a6 end d1f3 end b7b6 end f3d5 end");
    assert_eq!(g.pos.side, Player::Black);
    // The likeliest right guess Black could make of White's checkers.
    let know = g.pos.know[Player::White.index()];
    let m = know.marginals();
    let truth = setup::arrangement(518);
    let best = (0..8)
        .filter(|&f| know.mask[f].count_ones() > 1)
        .map(|f| m[f][truth[f] as usize - 1])
        .fold(0.0, f64::max);
    assert!(best > 0.05 && best < 1.0, "{best}");
    let leaf = |threat: u8| {
        let mut g = g.clone();
        g.guess_threat = threat;
        crate::search::quiet::with_search_score(&g, 1, |score| score(&g, 0))
    };
    let blind = leaf(100);
    let seen = leaf((best * 100.0).floor() as u8);
    assert!(
        seen > blind + 500,
        "with the guess {seen}, without {blind} (best right guess {best})"
    );
}

#[test]
fn a_search_with_chance_fixed_finishes_a_turn_in_quiescence_as_the_game_does() {
    use crate::search::mcts::FixedChance;
    let mut g = Cloak::new(Some([518, 518]));
    for (phase, continues) in [(Phase::Start, false), (Phase::BonusAfter, true)] {
        g.pos.phase = phase;
        assert_eq!(g.quiescence_continues(), continues);
        assert_eq!(
            FixedChance::new(g.clone(), 7).quiescence_continues(),
            continues
        );
    }
}

/// White's view before 5. Bc3xg7 in a game the tree search lost: the bishop on c3 may take
/// the pawn on g7, and Black's cloaked checker on f8 takes back in the 62% of the 240
/// arrangements still possible where it is a bishop, a queen or the king.
const HOPEFUL_CAPTURE: &str = "view w [u1][u2][u3][u4][u5][u6][u7]1/2ppppp1/1p4np/p2P4/8/2[B5]2P2/PPP1P1PP/[R1][K2][Q3][B4]1[N6][R7]N w start abcdfgh/abcdefg 0/0 a6 1 5 809/? */*/*/*/BQ:d2/*/*/N */*/*/*/*/*/*/N:j1";

fn tree_search(
    widening: u32,
    tree_turns: u32,
    iterations: usize,
    only: Option<&str>,
) -> crate::search::mcts::worker::Worker<'static, crate::search::mcts::FromView<CloakView>> {
    use crate::search::mcts::{worker::Worker, FromView};
    use crate::search::MctsConfig;
    let view = Cloak::new(None).parse_view(HOPEFUL_CAPTURE).unwrap();
    let model = Box::leak(Box::new(FromView { view }));
    // Leaves by the static evaluation, no playouts, on Cloak's reward scale.
    let cfg = MctsConfig {
        widening: Some(widening),
        tree_turns: Some(tree_turns),
        playout_plies: Some(0),
        reward_scale: 1200,
        ..MctsConfig::default()
    };
    let mut w = Worker::new(model, &cfg, 5, 1 << 28, 2);
    if let Some(text) = only {
        let probe = model.view.determinize(&mut seeded_rng(1));
        w.restrict_root(vec![probe.parse_action(text).unwrap()]);
    }
    for _ in 0..iterations {
        w.iterate(&mut |s: &Cloak, _| s.evaluate());
    }
    w
}

/// The share of Black's replies to 5. Bxg7 (then `end`) in White's tree that take back on
/// g7 (from f8, g8 or e8, each possible in some arrangements).
fn take_back_share(
    w: &crate::search::mcts::worker::Worker<'_, crate::search::mcts::FromView<CloakView>>,
) -> f64 {
    use crate::search::mcts::tree::Label;
    let g = Cloak::new(None).parse_view(HOPEFUL_CAPTURE).unwrap();
    let tree = &w.trees[w.own_tree()];
    let step = |id, a| {
        let node = tree.node(id);
        let e = node.find(&Label::Choice(a)).expect("tried");
        node.edges[e].kids()[0].1
    };
    let capture = g
        .determinize(&mut seeded_rng(1))
        .parse_action("c3g7")
        .unwrap();
    let after = step(step(0, capture), Act::End);
    let node = tree.node(after);
    let total: f64 = node.edges.iter().map(|e| e.n).sum();
    let back: f64 = node
        .edges
        .iter()
        .filter(|e| matches!(&e.label, Label::Seen(s) if matches!(s.act, Act::Move { to: 54, .. })))
        .map(|e| e.n)
        .sum();
    back / total
}

#[test]
fn widening_opens_the_capture_first_and_more_actions_as_visits_grow() {
    use crate::search::mcts::tree::Label;
    let g = Cloak::new(None).parse_view(HOPEFUL_CAPTURE).unwrap();
    let captures: Vec<Label<Act, _>> = ["c3g7", "c3a5"]
        .iter()
        .map(|t| Label::Choice(g.determinize(&mut seeded_rng(1)).parse_action(t).unwrap()))
        .collect();
    let tried = |w: &crate::search::mcts::worker::Worker<'_, _>| {
        let root = w.trees[w.own_tree()].node(0);
        root.edges
            .iter()
            .filter(|e| e.n > 0.0)
            .map(|e| e.label.clone())
            .collect::<Vec<Label<Act, _>>>()
    };
    // One visit: one of the two captures (of a pawn, by the bishop), the game's most
    // urgent actions.
    for seed_iterations in [1, 2] {
        let first = tried(&tree_search(100, 1, seed_iterations, None));
        assert!(first.iter().all(|l| captures.contains(l)), "{first:?}");
    }
    // 400 visits open at most 1 + √400 of the 28 moves and the guesses' few visits.
    let w = tree_search(100, 1, 400, None);
    let moves = tried(&w)
        .iter()
        .filter(|l| !matches!(l, Label::Choice(Act::Guess { .. })))
        .count();
    assert!((15..=21).contains(&moves), "{moves}");
    // Without widening every move is tried by then.
    let w = tree_search(0, 1, 400, None);
    let moves = tried(&w)
        .iter()
        .filter(|l| !matches!(l, Label::Choice(Act::Guess { .. })))
        .count();
    assert!(moves >= 28, "{moves}");
}

#[test]
fn widening_lets_the_opponent_find_its_take_back() {
    // Without widening Black's 30-odd replies each get a first visit before any a second,
    // and the take-backs, one of them there in most samples, get one visit in twelve: the
    // capture looks better than it is. With it the take-backs are opened first and get
    // several times that. (UCB's exploration still spreads the rest: hence the tree's end
    // at the opponent's turn, where the leaf search answers for it.)
    let without = take_back_share(&tree_search(0, 0, 1000, Some("c3g7")));
    let with = take_back_share(&tree_search(100, 0, 1000, Some("c3g7")));
    assert!(without < 0.12, "{without}");
    assert!(with > 2.0 * without && with > 0.18, "{without} {with}");
}

#[test]
fn the_tree_ends_where_the_opponents_turn_starts() {
    let opponent_nodes = |turns| {
        let w = tree_search(100, turns, 2000, None);
        let tree = &w.trees[w.own_tree()];
        (0..tree.len() as u32)
            .filter(|&id| {
                let node = tree.node(id);
                node.actor == Some(Player::Black) && !node.edges.is_empty()
            })
            .count()
    };
    assert_eq!(opponent_nodes(1), 0);
    assert!(opponent_nodes(0) > 0);
    assert!(opponent_nodes(2) > 0);
}

#[test]
fn the_search_does_not_hope_the_opponent_cannot_take_back() {
    use crate::search::tt::TranspositionTable;
    use crate::search::{run_view, Limits, SearchConfig, SearchControl};
    let view = Cloak::new(None).parse_view(HOPEFUL_CAPTURE).unwrap();
    let first = |cfg: &SearchConfig, nodes| {
        let out = run_view(
            &view,
            &Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            cfg,
            &SearchControl::new(false),
            &TranspositionTable::new(1),
            &mut |_| {},
        );
        out.turn.first().cloned().unwrap_or_default()
    };
    for nodes in [400, 3000] {
        assert_ne!(first(&SearchConfig::default(), nodes), "c3g7", "{nodes}");
    }
    // Without widening and with no end to the tree, 3000 iterations take the pawn: the
    // regression these settings mend.
    let mut open = SearchConfig::default();
    open.mcts.widening = Some(0);
    open.mcts.tree_turns = Some(0);
    assert_eq!(first(&open, 3000), "c3g7");
}

#[test]
fn the_principal_line_starts_with_the_move_played() {
    use crate::search::tt::TranspositionTable;
    use crate::search::{run_view, Limits, SearchConfig, SearchControl};
    let view = Cloak::new(None)
        .parse_view("view w [u1][u2][u3][u4][u5][u6][u7][u8]/pppppppp/8/8/8/8/PPPPPPPP/[R1][N2][B3][Q4][K5][B6][N7][R8] w start abcdefgh/abcdefgh 0/0 - 0 1 518/? */*/*/*/*/*/*/* */*/*/*/*/*/*/*")
        .unwrap();
    // Without widening the root's moves tie at low counts (300 iterations: 10 or 11 visits
    // each), where the line and the move used to break ties differently.
    let mut open = SearchConfig::default();
    open.mcts.widening = Some(0);
    open.mcts.tree_turns = Some(0);
    for cfg in [SearchConfig::default(), open] {
        for nodes in [60, 300, 1000] {
            let mut pv = Vec::new();
            let out = run_view(
                &view,
                &Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                &cfg,
                &SearchControl::new(false),
                &TranspositionTable::new(1),
                &mut |info| pv = info.pv.clone(),
            );
            assert_eq!(
                pv.first(),
                out.turn.first(),
                "{nodes}: {pv:?} {:?}",
                out.turn
            );
        }
    }
}

#[test]
fn leaves_the_tree_keeps_returning_to_are_searched_deeper() {
    use crate::search::mcts::{worker::Worker, FromView};
    use crate::search::MctsConfig;
    let view = Cloak::new(None).parse_view(HOPEFUL_CAPTURE).unwrap();
    let model = FromView { view };
    let deeper_calls = |deepening| {
        let cfg = MctsConfig {
            widening: Some(100),
            tree_turns: Some(1),
            playout_plies: Some(0),
            leaf_deepening: Some(deepening),
            ..MctsConfig::default()
        };
        let mut w = Worker::new(&model, &cfg, 5, 1 << 28, 2);
        let mut more = [0u32; 3];
        for _ in 0..2000 {
            w.iterate(&mut |s: &Cloak, m| {
                more[m as usize] += 1;
                s.evaluate()
            });
        }
        more
    };
    // Off: every leaf at the base depth.
    assert_eq!(deeper_calls(0)[1..], [0, 0]);
    // At 4 visits a ply more, at 32 two; the new leaves stay at the base depth.
    let [base, one, two] = deeper_calls(4);
    assert!(base > 0 && one > 0 && two > 0, "{base} {one} {two}");
    assert!(base > two, "{base} {two}");
}

/// White's view late in a game: every black piece uncloaked or captured (Black's knowledge
/// fixes each checker), so one black arrangement is left. Ra8 mates.
const CERTAIN_MATE: &str = "view w 6k1/5ppp/8/8/8/8/5PPP/R5K1 w start -/- 0/0 - 0 30 518/? R/N/B/Q/K/B/N/R R/N/B/Q/K/B/N/R";

#[test]
fn a_view_is_certain_once_one_enemy_arrangement_is_left() {
    let g = Cloak::new(None);
    let start = g
        .parse_view("view w [u1][u2][u3][u4][u5][u6][u7][u8]/pppppppp/8/8/8/8/PPPPPPPP/[R1][N2][B3][Q4][K5][B6][N7][R8] w start abcdefgh/abcdefgh 0/0 - 0 1 518/? */*/*/*/*/*/*/* */*/*/*/*/*/*/*")
        .unwrap();
    assert_eq!(start.possible().len(), 960);
    assert!(start.worlds(1).is_none());
    assert!(start.worlds(959).is_none());
    let all = start.worlds(960).unwrap();
    assert_eq!(all.len(), 960);
    let total: f64 = all.iter().map(|w| w.weight).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    let late = g.parse_view(CERTAIN_MATE).unwrap();
    assert_eq!(late.possible().len(), 1);
    let one = late.worlds(1).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].weight, 1.0);
    // Every sample is the one truth.
    let mut rng = seeded_rng(3);
    let a = late.sample(&mut rng).state.fen();
    let b = late.sample(&mut rng).state.fen();
    assert_eq!(a, b);
}

#[test]
fn a_certain_view_is_searched_by_alpha_beta_on_its_truth() {
    use crate::search::tt::TranspositionTable;
    use crate::search::{run_view, Limits, Score, SearchConfig, SearchControl, Searcher};
    let view = Cloak::new(None).parse_view(CERTAIN_MATE).unwrap();
    let go = |searcher| {
        run_view(
            &view,
            &Limits::depth(3),
            &SearchConfig {
                searcher,
                ..SearchConfig::default()
            },
            &SearchControl::new(false),
            &TranspositionTable::new(1),
            &mut |_| {},
        )
    };
    let auto = go(Searcher::Auto);
    // A tree search reports centipawns; alpha-beta proves the mate.
    assert_eq!(
        auto.turn.first().map(String::as_str),
        Some("a1a8"),
        "{:?}",
        auto.turn
    );
    assert_eq!(auto.score, Score::Mate(1));
    // Determinized alpha-beta searches the one truth once, not once per determinization.
    let det = go(Searcher::AlphaBeta);
    assert_eq!(det.turn, auto.turn);
    assert_eq!(det.nodes, auto.nodes);
}

/// The evaluation as first written, square by square: the reference the bitboard count must
/// equal.
fn score_by_squares(pos: &Position, w: &Weights, us: Player) -> i32 {
    let mut s = [0i32; 2];
    for sq in 0..64u8 {
        let Some(p) = pos.board[sq as usize] else {
            continue;
        };
        let c = p.color.index();
        match p.kind {
            setup::PAWN => {
                let r = if p.color == Player::White {
                    sq / 8
                } else {
                    7 - sq / 8
                };
                s[c] += w.values[0] + w.pawn_rank[r as usize];
            }
            KING | UNKNOWN => {}
            k => s[c] += w.values[k as usize],
        }
        if pos.num[sq as usize] > 0 {
            s[c] += w.cloaked;
            if p.kind == KING {
                s[c] += w.king_cloaked;
                let m = pos.know[c].mask[pos.num[sq as usize] as usize - 1];
                s[c] += w.king_cover * (m.count_ones() as i32 - 1);
            }
        }
    }
    for side in [Player::White, Player::Black] {
        let c = side.index();
        s[c] += w.reserve * pos.reserve[c] as i32;
        if pos.in_visible_check(side) {
            s[c] -= w.exposed_king;
        }
    }
    if pos.owed {
        s[pos.side.index()] -= w.owed;
    }
    s[us.index()] - s[us.opponent().index()]
}

#[test]
fn the_evaluation_counts_as_the_square_by_square_reference() {
    let w = Weights {
        values: [97, 301, 333, 487, 911],
        cloaked: 21,
        king_cloaked: 143,
        king_cover: 13,
        exposed_king: 61,
        pawn_rank: [0, 1, 5, 9, 17, 31, 59, 0],
        reserve: 41,
        owed: 29,
    };
    let mut checked = 0;
    for seed in 0..60 {
        for plies in [0, 7, 40, 90, 160, 240] {
            let g = random_game(seed, plies);
            let mut positions = vec![g.pos.clone()];
            for p in [Player::White, Player::Black] {
                positions.push(g.view(p).determinize(&mut seeded_rng(seed)).pos);
            }
            for pos in positions {
                for us in [Player::White, Player::Black] {
                    assert_eq!(
                        eval::score(&pos, &w, us),
                        score_by_squares(&pos, &w, us),
                        "{}",
                        g.fen()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 60 * 6 * 3 * 2);
}

#[test]
fn the_key_tells_apart_every_change_of_knowledge_unmoved_files_and_reserve() {
    let g = random_game(5, 30);
    let base = g.pos.clone();
    let mut keys = std::collections::HashSet::new();
    keys.insert(base.key());
    let mut variants = 1;
    for c in 0..2 {
        for f in 0..8 {
            for kind in [KNIGHT, BISHOP, ROOK, QUEEN, KING] {
                let mut p = base.clone();
                p.know[c].mask[f] ^= bit(kind);
                keys.insert(p.key());
                variants += 1;
            }
            let mut p = base.clone();
            p.unmoved[c] ^= 1 << f;
            keys.insert(p.key());
            variants += 1;
        }
        for r in 1..4 {
            let mut p = base.clone();
            p.reserve[c] = (p.reserve[c] + r) % 16;
            keys.insert(p.key());
            variants += 1;
        }
    }
    assert_eq!(keys.len(), variants, "two different positions share a key");
}

#[test]
fn a_prior_floor_leaves_out_only_the_unlikely_guesses() {
    use crate::search::sampling::determinized::root_moves;
    use crate::search::SearchConfig;
    let (mut checked, mut dropped) = (0, 0);
    for seed in 0..20 {
        let g = random_game(seed, 25);
        if g.terminal().is_some() || g.is_chance_node() {
            continue;
        }
        let mut all = Vec::new();
        g.legal_actions(&mut all);
        let cfg = SearchConfig {
            prior_floor: 60,
            ..SearchConfig::default()
        };
        let kept = root_moves(Some(&g), &[], &cfg);
        for &a in &all {
            let text = g.format_action(a);
            let unlikely = matches!(a, Act::Guess { .. }) && g.prior(a) < 0.6;
            assert_eq!(kept.contains(&text), !unlikely, "{text} in {}", g.fen());
            checked += 1;
            dropped += unlikely as usize;
        }
        // Off by default: no restriction.
        assert!(root_moves(Some(&g), &[], &SearchConfig::default()).is_empty());
    }
    assert!(checked > 100 && dropped > 0, "{checked} {dropped}");
}

/// En passant takes only the opponent's double step of its move just before: never the
/// side's own double step, whether made by its move (then the bonus pawn move) or by an owed
/// bonus (then its move).
#[test]
fn en_passant_never_takes_ones_own_double_step() {
    // A right guess, e2-e4, then the bonus: d2 and f2 may not step onto e3.
    let g = standard_game_after("5=k e2e4");
    assert_eq!(g.pos.phase, Phase::BonusAfter);
    let l = legal_text(&g);
    assert!(l.contains(&"d2d3".to_string()), "{l:?}");
    for bad in ["d2e3", "f2e3"] {
        assert!(!l.contains(&bad.to_string()), "{bad} in {l:?}");
        assert!(g.parse_action(bad).is_err(), "{bad}");
        // Black's view refuses it too: a bonus pawn move is public.
        let mut v = g.view(Player::Black);
        let o = v.parse_observation(bad).unwrap();
        assert!(v.apply(&o).is_err(), "{bad}");
    }
    let mut v = g.view(Player::Black);
    let o = v.parse_observation("d2d3").unwrap();
    v.apply(&o).unwrap();
    // An owed bonus d7-d5, then Black's move: c7 and e7 may not step onto d6.
    let g = standard_game_after("5=q e2e4 end d7d5");
    assert_eq!(g.pos.phase, Phase::Start);
    assert_eq!(g.to_move(), Player::Black);
    let l = legal_text(&g);
    for bad in ["c7d6", "e7d6"] {
        assert!(!l.contains(&bad.to_string()), "{bad} in {l:?}");
        assert!(g.parse_action(bad).is_err(), "{bad}");
    }
    // The opponent's double step just before may be taken: by the move, and by an owed bonus.
    let g = standard_game_after("e2e4 end a7a6 end e4e5 end d7d5 end");
    assert!(legal_text(&g).contains(&"e5d6".to_string()));
    let mut g = standard_game_after("e2e4 end a7a6 end e4e5 end 3=n d7d5 end");
    assert_eq!(g.pos.phase, Phase::BonusFirst);
    let ep = g.parse_action("e5d6").unwrap();
    g.play(ep);
    assert!(g.pos.board[35].is_none(), "the d5 pawn is taken");
    assert_eq!(g.pos.reserve[Player::Black.index()], 1);
}

/// Guesses are offered, and accepted, only where the public knowledge leaves them possible:
/// never a king on the a- or h-file, never a third knight.
#[test]
fn only_possible_guesses_are_offered() {
    let g = Cloak::new(Some([518, 518]));
    let l = legal_text(&g);
    for bad in ["1=k", "8=k"] {
        assert!(!l.contains(&bad.to_string()), "{bad} in {l:?}");
        let e = g.parse_action(bad).unwrap_err().to_string();
        assert!(e.contains("king") && e.contains("checker"), "{e}");
        // Black's view refuses to have seen it.
        let mut v = g.view(Player::Black);
        let o = v.parse_observation(&format!("{bad}-")).unwrap();
        assert!(v.apply(&o).is_err(), "{bad}");
    }
    assert!(l.contains(&"1=r".to_string()) && l.contains(&"2=k".to_string()));
    // Four kinds on the a- and h-files, five on the six between.
    assert_eq!(l.iter().filter(|t| t.contains('=')).count(), 4 + 6 * 5 + 4);
    // Both of Black's knights jumped: no other checker is a knight.
    let g = standard_game_after("e2e4 end b8c6 end d2d4 end g8f6 end");
    let l = legal_text(&g);
    assert!(l.contains(&"2=n".to_string()) && !l.contains(&"2=b".to_string()));
    assert!(!l.contains(&"3=n".to_string()), "{l:?}");
    assert!(g.parse_action("3=n").is_err());
    // The offered guesses follow from the view alone.
    let v = g.view(Player::White);
    let mut rng = seeded_rng(5);
    for _ in 0..20 {
        assert_eq!(legal_text(&v.determinize(&mut rng)), l);
    }
}

/// Every guess offered in random games names a kind some arrangement the public knowledge
/// allows gives that checker, and every such kind is offered.
#[test]
fn offered_guesses_are_the_kinds_the_possible_arrangements_give() {
    for seed in 0..12 {
        for plies in [4, 20, 50] {
            let g = random_game(seed, plies);
            if g.terminal().is_some() || g.pos.phase != Phase::Start {
                continue;
            }
            let them = g.to_move().opponent();
            let know = g.pos.know[them.index()];
            let mut want = Vec::new();
            for n in 1..=8u8 {
                if g.pos.checker_cell(them, n).is_none() {
                    continue;
                }
                for (i, c) in "nbrqk".chars().enumerate() {
                    if setup::all()
                        .iter()
                        .any(|a| know.allows(a) && a[n as usize - 1] == i as u8 + 1)
                    {
                        want.push(format!("{n}={c}"));
                    }
                }
            }
            want.sort();
            let got: Vec<String> = legal_text(&g)
                .into_iter()
                .filter(|t| t.contains('='))
                .collect();
            if !got.is_empty() {
                assert_eq!(got, want, "at {}", g.fen());
            }
        }
    }
}

/// A position whose pieces break the Chess960 arrangement, or whose unmoved files (the
/// castling rights) do not hold their starting pieces, is refused.
#[test]
fn a_fen_must_fit_a_chess960_arrangement_and_its_castling_rights() {
    let black = "[r1][n2][b3][q4][k5][b6][n7][r8]/pppppppp/8/8/8/8/PPPPPPPP/";
    let tail = "0/0 - 0 1 518/518 */*/*/*/*/*/*/* */*/*/*/*/*/*/*";
    // White's king (checker 5) on h1 and a rook on e1, both marked unmoved: castling h1e1
    // would be offered.
    let bad = format!("{black}[R1]3[R8]2[K5] w start aeh/abcdefgh {tail}");
    let e = Cloak::from_fen(&bad).unwrap_err().to_string();
    assert!(e.contains("unmoved") && e.contains("e1"), "{e}");
    // The same pieces, none of them marked unmoved but the rook on a1: accepted, no castling.
    let ok = format!("{black}[R1]3[R8]2[K5] w start a/abcdefgh {tail}");
    let g = Cloak::from_fen(&ok).unwrap();
    assert!(!legal_text(&g).contains(&"h1a1".to_string()));
    // An unmoved file whose starting piece is gone.
    let gone = format!("{black}[R1][N2][B3]1[K5][B6][N7][R8] w start abcdefgh/abcdefgh {tail}");
    assert!(Cloak::from_fen(&gone).is_err());
    // An uncloaked piece on an unmoved file must be of that file's kind.
    let wrong = format!("{black}[R1][N2][B3][Q4]Q[B6][N7][R8] w start abcdefgh/abcdefgh {tail}");
    assert!(Cloak::from_fen(&wrong).is_err());
    let right = format!("{black}[R1][N2][B3][Q4]K[B6][N7][R8] w start abcdefgh/abcdefgh {tail}");
    let right = right.replace("*/*/*/*/*/*/*/* */", "*/*/*/*/K/*/*/* */");
    Cloak::from_fen(&right).unwrap();
    // A second king.
    let two = format!("{black}[R1][N2][B3][Q4][K5][B6][N7][R8] w start abcdefgh/abcdefgh {tail}")
        .replace("/8/8/8/8/", "/8/8/3K4/8/");
    assert!(Cloak::from_fen(&two).is_err());
    // In a view, the enemy's knowledge and pieces must leave it some arrangement: checker 1
    // cannot be a king, and an uncloaked king on an unmoved a-file cannot be its own.
    let view = |black_rank: &str, know_b: &str| {
        format!(
            "view w {black_rank}/pppppppp/8/8/8/8/PPPPPPPP/[R1][N2][B3][Q4][K5][B6][N7][R8] w start abcdefgh/abcdefgh 0/0 - 0 1 518/? */*/*/*/*/*/*/* {know_b}"
        )
    };
    let proto = Cloak::new(None);
    let fine = view("[u1][u2][u3][u4][u5][u6][u7][u8]", "*/*/*/*/*/*/*/*");
    proto.parse_view(&fine).unwrap();
    let no_arrangement = view("[u1][u2][u3][u4][u5][u6][u7][u8]", "K/*/*/*/*/*/*/*");
    assert!(proto.parse_view(&no_arrangement).is_err());
    let king_on_a = view("k[u2][u3][u4][u5][u6][u7][u8]", "*/*/*/*/*/*/*/*");
    assert!(proto.parse_view(&king_on_a).is_err());
    // A refused text leaves the game as it was.
    let mut g = Cloak::new(Some([518, 518]));
    let before = g.fen();
    assert!(g.set_fen(&bad).is_err());
    assert_eq!(g.fen(), before);
}

/// The en passant cell is the one a double step just passed over.
#[test]
fn a_fen_en_passant_cell_needs_the_pawn_that_passed_it() {
    let start = "[r1][n2][b3][q4][k5][b6][n7][r8]/pppppppp/8/8/4P3/8/PPPP1PPP/[R1][N2][B3][Q4][K5][B6][N7][R8] b start abcdefgh/abcdefgh 0/0";
    let tail = "1 1 518/518 */*/*/*/*/*/*/* */*/*/*/*/*/*/*";
    Cloak::from_fen(&format!("{start} e3 {tail}")).unwrap();
    for bad in ["d3", "e4", "e6"] {
        assert!(
            Cloak::from_fen(&format!("{start} {bad} {tail}")).is_err(),
            "{bad}"
        );
    }
}

/// A checker whose kind the viewer has narrowed to one is drawn by that kind in its owner's
/// colour: a White checker known to be a knight is `N`, not `n`.
#[test]
fn a_checker_narrowed_to_one_kind_keeps_its_colour() {
    let g = standard_game_after("5=k e2e4");
    for (viewer, owner) in [
        (Player::Black, Player::White),
        (Player::White, Player::Black),
    ] {
        let mut v = g.view(viewer);
        let s = (0..64)
            .find(|&s| v.pos.board[s].is_some_and(|p| p.color == owner && p.kind == UNKNOWN))
            .expect("an unseen checker");
        let n = v.pos.num[s];
        let kind = g.pos.board[s].unwrap().kind;
        v.pos.know[owner.index()].mask[n as usize - 1] = 1 << kind;
        let shown = pieces(&v.pos)
            .into_iter()
            .find(|&(c, _)| c as usize == s)
            .unwrap()
            .1;
        assert_eq!(shown, letter(owner, kind), "checker {n} of {owner:?}");
    }
}
