//! XBoard itself (Debian's `xboard`, under `xvfb-run`) runs a one-game match with Tessera as
//! both engines over the xboard protocol, saves the game, and the saved game must replay
//! legally in Tessera, for chess, Tic Tac Chess (drops) and TCHES (two-leg moves, with
//! XBoard testing legality from the engine's piece definitions; and with Escort the King).
//! Outside CI the test says so and passes when XBoard or Xvfb is missing; under `CI=true` it
//! fails.

use std::path::Path;
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

/// Runs XBoard on `xboard_variant` and returns the saved game text.
fn xboard_game(xboard_variant: &str, legality: bool, moves: u32) -> String {
    xboard_game_with(xboard_variant, legality, moves, "")
}

/// The same, with engine options (`NAME=VALUE,...`) set in both engines.
fn xboard_game_with(xboard_variant: &str, legality: bool, moves: u32, options: &str) -> String {
    // One XBoard at a time: `xvfb-run -a` instances started together can race for a display,
    // and five XBoards with two engines each overload a small machine.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Several tests play one variant: each game has a folder of its own.
    let dir = tessera_tests::scratch::scratch(&format!("xboard-{xboard_variant}"));
    let bin = tessera_bin();
    let bin = bin.to_str().unwrap();
    let d = dir.to_str().unwrap();
    let pgn = dir.join("games.pgn");
    let out = Command::new("timeout")
        .args(["120", "xvfb-run", "-a", XBOARD, "-variant", xboard_variant])
        .args(["-fcp", bin, "-scp", bin, "-fd", d, "-sd", d])
        .args(["-mg", "1", "-sgf", pgn.to_str().unwrap()])
        .args(["-st", "0:01", "-depth", "2"])
        .args(["-adjudicateDrawMoves", &moves.to_string()])
        .args(["-testLegality", if legality { "true" } else { "false" }])
        .args(["-saveSettingsOnExit", "false", "-settingsFile"])
        .arg(dir.join("xboardrc"))
        .args(["-popupExitMessage", "false"])
        .args(["-firstOptions", options, "-secondOptions", options])
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
    let mut o = VariantOptions::new();
    for (k, v) in options {
        o.set(k, v);
    }
    let mut g = tessera::faces::registry::create(variant, &o).unwrap();
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
