//! Cross-check against python-chess: random games (seeded) are played in Tessera, and one
//! python3 run replays them, comparing at every ply the legal move set, the FEN, the SAN of
//! the move played and the game-end verdict (checkmate, stalemate, insufficient material,
//! fifty-move rule, threefold repetition). Standard and Chess960 games.
//!
//! Skipped with a message when python3 or python-chess is missing, except under `CI=true`,
//! where that is a failure.

use std::fmt::Write as _;
use std::process::Command;

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tessera::games::chess::{Chess, Move, MoveKind};
use tessera::{Game, Outcome};

const SCRIPT: &str = r#"
import sys, chess

def verdicts(b):
    v = set()
    if b.is_checkmate(): v.add("checkmate")
    if b.is_stalemate(): v.add("stalemate")
    if b.is_insufficient_material(): v.add("insufficient material")
    if b.halfmove_clock >= 100 and not b.is_checkmate(): v.add("fifty-move rule")
    if b.is_repetition(3): v.add("threefold repetition")
    return v

errors = 0
plies = 0
board = None
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("game "):
        _, c960, fen = line.split(" ", 2)
        board = chess.Board(fen, chess960=(c960 == "1"))
        c960 = c960 == "1"
        continue
    fen, moves, verdict, move, san = line.split("|")
    plies += 1
    def bad(msg):
        global errors
        errors += 1
        if errors <= 20:
            print(f"{msg}\n  at {board.fen()} (ply {plies})")
    if board.fen() != fen:
        bad(f"FEN: tessera {fen}")
    mine = set(moves.split()) if moves else set()
    theirs = {board.uci(m, chess960=c960) for m in board.legal_moves}
    if mine != theirs:
        bad(f"moves: tessera only {sorted(mine - theirs)}, python-chess only {sorted(theirs - mine)}")
    v = verdicts(board)
    if verdict == "none":
        if v:
            bad(f"verdict: tessera none, python-chess {sorted(v)}")
    elif verdict not in v:
        bad(f"verdict: tessera {verdict}, python-chess {sorted(v)}")
    if move != "-":
        m = board.parse_uci(move)
        if board.san(m) != san:
            bad(f"SAN of {move}: tessera {san}, python-chess {board.san(m)}")
        board.push(m)
print(f"checked {plies} plies, {errors} errors")
sys.exit(1 if errors else 0)
"#;

fn python_chess_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// The Chess960 start position with Scharnagl number `n` (0..960; 518 is the standard one).
fn chess960_start(mut n: usize) -> String {
    let mut rank = [' '; 8];
    rank[(n % 4) * 2 + 1] = 'b';
    n /= 4;
    rank[(n % 4) * 2] = 'b';
    n /= 4;
    let place = |rank: &mut [char; 8], mut k: usize, piece: char| {
        for c in rank.iter_mut() {
            if *c == ' ' {
                if k == 0 {
                    *c = piece;
                    return;
                }
                k -= 1;
            }
        }
    };
    place(&mut rank, n % 6, 'q');
    n /= 6;
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
    let (a, b) = KNIGHTS[n];
    // Place the second knight first so the first index still counts the same empty squares.
    place(&mut rank, b, 'n');
    place(&mut rank, a, 'n');
    for p in ['r', 'k', 'r'] {
        place(&mut rank, 0, p);
    }
    let black: String = rank.iter().collect();
    let white = black.to_ascii_uppercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

fn verdict(o: &Option<Outcome>) -> &'static str {
    match o {
        None => "none",
        Some(o) => o.reason(),
    }
}

/// Plays one random game, writing each ply. Captures are favoured so that games reach
/// endgames (insufficient material, fifty-move draws); moving a piece back where it came
/// from is favoured so that repetitions happen.
fn play_game(g: &mut Chess, rng: &mut Xoshiro256PlusPlus, out: &mut String, max_plies: usize) {
    let c960 = g.is_chess960();
    writeln!(out, "game {} {}", c960 as u8, g.fen()).unwrap();
    let mut last: Vec<Move> = Vec::new();
    for _ in 0..max_plies {
        // The rules of movement, compared with python-chess even where a draw rule has
        // ended the game (then `legal_actions` is empty by contract, checked here too).
        let mut moves = Vec::new();
        g.moves(&mut moves);
        let outcome = g.outcome();
        let mut actions = Vec::new();
        g.legal_actions(&mut actions);
        if g.terminal().is_some() {
            assert!(
                actions.is_empty(),
                "legal actions after the end at {}",
                g.fen()
            );
        } else {
            assert_eq!(actions, moves);
        }
        let mut names: Vec<String> = moves.iter().map(|&m| g.format_action(m)).collect();
        names.sort();
        let fen = g.fen();
        if outcome.is_some() || moves.is_empty() {
            writeln!(out, "{fen}|{}|{}|-|-", names.join(" "), verdict(&outcome)).unwrap();
            return;
        }
        let r = rng.next_u64() % 100;
        let back = last.len() >= 2 && r < 40;
        let pick = if back {
            let prev = last[last.len() - 2];
            moves.iter().copied().find(|m| {
                m.from() == prev.to() && m.to() == prev.from() && m.kind() == MoveKind::Normal
            })
        } else {
            None
        };
        let pick = pick.unwrap_or_else(|| {
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| g.piece_at(m.to()).is_some() && m.kind() != MoveKind::Castling)
                .collect();
            if !captures.is_empty() && r >= 70 {
                captures[rng.next_u64() as usize % captures.len()]
            } else {
                moves[rng.next_u64() as usize % moves.len()]
            }
        });
        let san = g.san(pick).expect("chess has SAN");
        writeln!(
            out,
            "{fen}|{}|{}|{}|{san}",
            names.join(" "),
            verdict(&outcome),
            g.format_action(pick)
        )
        .unwrap();
        g.play(pick);
        last.push(pick);
    }
}

#[test]
fn random_games_agree_with_python_chess() {
    if !python_chess_available() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("python3 with python-chess is required under CI (pip install chess)");
        }
        eprintln!("SKIPPED: python3 with the `chess` package is not installed");
        return;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20_260_121);
    let mut out = String::new();
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 95 80",
        "8/8/8/8/k1Pp3R/8/8/4K3 b - c3 0 1",
    ];
    for i in 0..70 {
        let mut g = if i % 2 == 0 {
            Chess::from_fen(starts[(i / 2) % starts.len()], false).unwrap()
        } else {
            Chess::from_fen(&chess960_start(rng.next_u64() as usize % 960), true).unwrap()
        };
        play_game(&mut g, &mut rng, &mut out, 400);
    }
    let path = std::env::temp_dir().join(format!("tessera-chess-{}.txt", std::process::id()));
    std::fs::write(&path, &out).unwrap();
    let script = std::env::temp_dir().join(format!("tessera-chess-{}.py", std::process::id()));
    std::fs::write(&script, SCRIPT).unwrap();
    let res = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&res.stdout);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&script);
    println!("{stdout}");
    assert!(
        res.status.success(),
        "python-chess disagrees:\n{stdout}\n{}",
        String::from_utf8_lossy(&res.stderr)
    );
    let plies = out.lines().filter(|l| !l.starts_with("game")).count();
    assert!(plies > 5000, "only {plies} plies checked");
    for v in [
        "checkmate",
        "insufficient material",
        "fifty-move rule",
        "threefold repetition",
    ] {
        assert!(out.contains(&format!("|{v}|")), "no game ended by {v}");
    }
}
