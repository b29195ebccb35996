//! XBoard itself (Debian's `xboard`, under `xvfb-run`) runs a one-game match with Tessera as
//! both engines over the xboard protocol, saves the game, and the saved game must replay
//! legally in Tessera, for chess, Tic Tac Chess (drops) and TCHES (two-leg moves, with
//! XBoard testing legality from the engine's piece definitions; and with Escort the King).
//! Outside CI the test says so and passes when XBoard or Xvfb is missing; under `CI=true` it
//! fails.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use tessera::core::options::VariantOptions;
use tessera_tests::binary::tessera_bin;
use tessera_tests::san::{pgn_moves, resolve};

const XBOARD: &str = "/usr/games/xboard";

fn tools_present() -> bool {
    let xvfb = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    let ok = xvfb && Path::new(XBOARD).exists();
    if !ok {
        assert!(
            std::env::var("CI").is_err(),
            "xboard and xvfb are required under CI"
        );
        eprintln!("skipped: xboard or xvfb-run is not installed");
    }
    ok
}

/// One XBoard game: the variant (XBoard's name), XBoard's legality test, the move count at
/// which XBoard adjudicates a draw, engine options (`NAME=VALUE,...`) set in both engines, the
/// search depth, and a position to start from instead of the variant's start position.
struct Game<'a> {
    variant: &'a str,
    legality: bool,
    moves: u32,
    options: &'a str,
    depth: u32,
    start: Option<&'a str>,
}

impl<'a> Game<'a> {
    fn new(variant: &'a str, legality: bool, moves: u32) -> Game<'a> {
        Game {
            variant,
            legality,
            moves,
            options: "",
            depth: 2,
            start: None,
        }
    }
}

/// Runs XBoard on `xboard_variant` and returns the saved game text.
fn xboard_game(xboard_variant: &str, legality: bool, moves: u32) -> String {
    play(&Game::new(xboard_variant, legality, moves))
}

/// The same, with engine options (`NAME=VALUE,...`) set in both engines.
fn xboard_game_with(xboard_variant: &str, legality: bool, moves: u32, options: &str) -> String {
    play(&Game {
        options,
        ..Game::new(xboard_variant, legality, moves)
    })
}

/// The first engine for a game from `fen`. XBoard takes the position a game starts from out
/// of the first engine's `setup` line in a variant it learns from the engine (a position file
/// is replaced by it), so Tessera runs behind two filters: the position is set in the engine
/// after `variant`, and put in its `setup` line in place of the start position.
fn engine_starting_at(dir: &Path, variant: &str, fen: &str) -> PathBuf {
    let bin = tessera_bin();
    let bin = bin.to_str().unwrap();
    assert!(!bin.contains('\'') && !fen.contains('|'), "{bin} {fen}");
    let script = format!(
        "#!/bin/sh\n\
         sed -u 's|^variant {variant}$|&\\nsetboard {fen}|' | '{bin}' | \\\n  \
         sed -u 's|^\\(setup ([^)]*) [^ ]*\\) .*$|\\1 {fen}|'\n"
    );
    let path = dir.join("engine.sh");
    std::fs::write(&path, script).unwrap();
    let mut mode = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
    std::fs::set_permissions(&path, mode).unwrap();
    path
}

fn play(game: &Game) -> String {
    // One XBoard at a time: `xvfb-run -a` instances started together can race for a display,
    // and five XBoards with two engines each overload a small machine.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Several tests play one variant: each game has a folder of its own.
    let dir = tessera_tests::scratch::scratch(&format!("xboard-{}", game.variant));
    let bin = tessera_bin();
    let first = match game.start {
        Some(fen) => engine_starting_at(&dir, game.variant, fen),
        None => bin.clone(),
    };
    let d = dir.to_str().unwrap();
    let pgn = dir.join("games.pgn");
    let out = Command::new("timeout")
        .args(["120", "xvfb-run", "-a", XBOARD, "-variant", game.variant])
        .arg("-fcp")
        .arg(&first)
        .arg("-scp")
        .arg(&bin)
        .args(["-fd", d, "-sd", d])
        .args(["-mg", "1", "-sgf", pgn.to_str().unwrap()])
        .args(["-st", "0:01", "-depth", &game.depth.to_string()])
        .args(["-adjudicateDrawMoves", &game.moves.to_string()])
        .args([
            "-testLegality",
            if game.legality { "true" } else { "false" },
        ])
        .args(["-saveSettingsOnExit", "false", "-settingsFile"])
        .arg(dir.join("xboardrc"))
        .args(["-popupExitMessage", "false"])
        .args([
            "-firstOptions",
            game.options,
            "-secondOptions",
            game.options,
        ])
        .env("HOME", &*dir)
        .output()
        .expect("run xvfb-run xboard");
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(
        out.status.success() && !text.is_empty(),
        "xboard failed ({}): {}\n{text}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

/// Replays the saved game's moves in Tessera; every one must be legal. Returns how many.
fn replay(variant: &str, options: &[(&str, &str)], pgn: &str) -> usize {
    replay_from(variant, options, None, pgn)
}

/// The same, from `start` when given.
fn replay_from(variant: &str, options: &[(&str, &str)], start: Option<&str>, pgn: &str) -> usize {
    let mut o = VariantOptions::new();
    for (k, v) in options {
        o.set(k, v);
    }
    let mut g = tessera::faces::registry::create(variant, &o).unwrap();
    if let Some(fen) = start {
        g.set_fen(fen).unwrap();
    }
    let moves = pgn_moves(pgn);
    for (i, m) in moves.iter().enumerate() {
        let a =
            resolve(g.as_ref(), m).unwrap_or_else(|e| panic!("move {} '{m}': {e}\n{pgn}", i + 1));
        g.play_str(&a).unwrap();
    }
    // A game that XBoard says is decided ended in Tessera too, with the same result.
    if let Some(result) = ["1-0", "0-1"]
        .iter()
        .find(|r| pgn.lines().any(|l| l.trim() == format!("[Result \"{r}\"]")))
    {
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("{result} but the game goes on\n{pgn}"));
        assert_eq!(o.result_string(), *result, "{pgn}");
    }
    moves.len()
}

#[test]
fn xboard_plays_chess_and_the_game_replays() {
    if !tools_present() {
        return;
    }
    let pgn = xboard_game("normal", true, 30);
    let n = replay("chess", &[], &pgn);
    assert!(n >= 20, "only {n} moves:\n{pgn}");
}

#[test]
fn xboard_plays_tic_tac_chess_with_drops() {
    if !tools_present() {
        return;
    }
    let pgn = xboard_game("tictacchess", false, 30);
    assert!(pgn.contains('@'), "no drop in\n{pgn}");
    let n = replay("tictacchess", &[], &pgn);
    assert!(n >= 3, "only {n} moves:\n{pgn}");
}

/// XBoard tests every move itself here: the engine's `piece` commands (Betza) tell it how
/// the TCHES pieces move, two-leg move-then-capture moves included. A move XBoard thinks
/// illegal would end the game early with a forfeit.
#[test]
fn xboard_plays_tches_with_two_leg_moves() {
    if !tools_present() {
        return;
    }
    let pgn = xboard_game("tches", true, 25);
    assert!(pgn.contains("VariantMen"), "no piece definitions:\n{pgn}");
    assert!(!pgn.to_lowercase().contains("illegal"), "{pgn}");
    let n = replay("tches", &[("Strike", "false")], &pgn);
    assert!(n >= 20, "only {n} moves:\n{pgn}");
}

/// TCHES with a Layer 3 rule XBoard can carry (Escort the King: a king on the enemy portal
/// wins), set in both engines through XBoard's `-firstOptions`/`-secondOptions`. XBoard's
/// legality test is off: the piece descriptions do not cover Layer 3, so none are sent.
#[test]
fn xboard_plays_tches_with_escort_the_king() {
    if !tools_present() {
        return;
    }
    let pgn = xboard_game_with("tches", false, 30, "EscortTheKing=1");
    assert!(
        !pgn.contains("VariantMen"),
        "piece definitions sent:\n{pgn}"
    );
    let n = replay(
        "tches",
        &[("Strike", "false"), ("EscortTheKing", "true")],
        &pgn,
    );
    assert!(n >= 10, "only {n} moves:\n{pgn}");
}

/// TCHES with reverse sides (Templar, Mounted Bishop, Exarch, Shock-cavalryman, Emperor,
/// Assassin: three-leg paths and capture patterns of their own; Templar and Exarch in slots
/// of other letters), set through XBoard's `-firstOptions`; XBoard tests every move from the
/// engine's piece definitions.
#[test]
fn xboard_plays_tches_reverse_sides_with_its_legality_test() {
    if !tools_present() {
        return;
    }
    let flips = "guardian griffin paladin champion lion magister";
    let pgn = xboard_game_with("tches", true, 25, &format!("TchesReverse={flips}"));
    assert!(pgn.contains("A:mafmasmW"), "no Assassin definition:\n{pgn}");
    assert!(!pgn.to_lowercase().contains("illegal"), "{pgn}");
    let n = replay(
        "tches",
        &[("Strike", "false"), ("TchesReverse", flips)],
        &pgn,
    );
    assert!(n >= 20, "only {n} moves:\n{pgn}");
}

/// A TCHES side with no legal action loses, attacked or not. XBoard tests legality itself
/// here, so it judges the end of the game before the engine's claim arrives: the saved result
/// must be the win, not a stalemate draw. After White's Kc7 Black's king on a8 has no move (b8
/// and b7 attacked, a7 its own pawn) and the pawn on a7 is blocked by White's on a6.
#[test]
fn xboard_scores_tches_without_legal_action_as_a_win() {
    if !tools_present() {
        return;
    }
    let start = "k7/p7/P1K5/8/8/8/8/8 w - - 0 1";
    let pgn = play(&Game {
        // The win is found at depth 3 (the no-legal-action node lies below the move).
        depth: 3,
        start: Some(start),
        ..Game::new("tches", true, 10)
    });
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(!pgn.contains("1/2-1/2"), "{pgn}");
    // XBoard marks the move as mate (`Kc7#`), its word for a win by no legal action.
    let moves: Vec<String> = pgn_moves(&pgn)
        .iter()
        .map(|m| m.trim_end_matches(['#', '+']).to_string())
        .collect();
    assert_eq!(moves, ["Kc7"], "{pgn}");
    // TCHES's own FEN has fields of its own after the side to move; these two say it all here.
    let placement_and_side = "k7/p7/P1K5/8/8/8/8/8 w";
    assert!(start.starts_with(placement_and_side));
    replay_from(
        "tches",
        &[("Strike", "false")],
        Some(placement_and_side),
        &pgn,
    );
}
