//! Shared by the `match_*` tests: the `tessera` binary, scratch directories, scripted
//! engines, and a PGN reader that replays every record with the library's rules.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tessera::core::options::VariantOptions;
use tessera::faces::registry;

/// The last `Score of ...` line of a match report (the final standing).
pub fn last_score_line(report: &str) -> Option<&str> {
    report.lines().rfind(|l| l.starts_with("Score of"))
}

/// Runs the command; its standard output, once it has succeeded (else the test fails with
/// both of its outputs).
pub fn succeeded(cmd: &mut Command) -> String {
    let out = cmd.output().expect("the command starts");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The `tessera` binary under test (built if missing).
pub fn tessera() -> PathBuf {
    tessera_tests::binary::tessera_bin()
}

pub use tessera_tests::scratch::scratch;

pub fn executable(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write script");
    let mut perm = std::fs::metadata(&path).expect("metadata").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).expect("chmod");
    path.to_string_lossy().into_owned()
}

/// A shell engine that answers the handshake and runs `on_go` for each `go`.
pub fn shell_engine(dir: &Path, name: &str, on_go: &str) -> String {
    executable(
        dir,
        name,
        &format!(
            "#!/bin/sh\nwhile read -r line; do\ncase \"$line\" in\n\
             uci) echo \"id name {name}\"; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) {on_go} ;;\n\
             quit) exit 0 ;;\n\
             esac\ndone\n"
        ),
    )
}

/// A chess engine that plays uniformly random legal moves (python-chess keeps the board).
pub fn random_chess_engine(dir: &Path) -> String {
    executable(
        dir,
        "random.py",
        r#"#!/usr/bin/env python3
import random, sys
import chess
random.seed(7)
board = chess.Board()
for line in sys.stdin:
    t = line.split()
    if not t:
        continue
    if t[0] == "uci":
        print("id name random")
        print("uciok", flush=True)
    elif t[0] == "isready":
        print("readyok", flush=True)
    elif t[0] == "position":
        i = t.index("moves") if "moves" in t else len(t)
        board = chess.Board() if t[1] == "startpos" else chess.Board(" ".join(t[2:i]))
        for m in t[i + 1:]:
            board.push_uci(m)
    elif t[0] == "go":
        print("info depth 1 score cp 0")
        print("bestmove", random.choice(list(board.legal_moves)).uci(), flush=True)
    elif t[0] == "quit":
        break
"#,
    )
}

/// Runs `tessera match` with the given arguments; panics with its output if it fails.
pub fn run_match(args: &[&str]) -> Output {
    let out = Command::new(tessera())
        .arg("match")
        .args(args)
        .output()
        .expect("run tessera match");
    assert!(
        out.status.success(),
        "tessera match {args:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// One game read back from PGN.
#[derive(Debug)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// Move tokens; a turn of several actions is one comma-joined token.
    pub moves: Vec<String>,
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads PGN text: tag pairs, then movetext with `{}` comments, move numbers and a result.
pub fn read_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let finish =
        |tags: &mut Vec<(String, String)>, movetext: &mut String, games: &mut Vec<PgnGame>| {
            if tags.is_empty() {
                return;
            }
            let mut plain = String::new();
            let mut depth = 0;
            for c in movetext.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => plain.push(c),
                    _ => {}
                }
            }
            let mut moves: Vec<String> = plain
                .split_whitespace()
                .filter(|t| !t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
                .map(str::to_string)
                .collect();
            let result = moves.pop().expect("a result token");
            games.push(PgnGame {
                tags: std::mem::take(tags),
                moves,
                result,
            });
            movetext.clear();
        };
    for line in text.lines() {
        let l = line.trim();
        // Inside an open `{...}` comment a line that starts with `[` is text (a Cloak
        // position's checkers, `[b4]`), not a tag.
        let in_comment = movetext.matches('{').count() > movetext.matches('}').count();
        let tag = if in_comment {
            None
        } else {
            l.strip_prefix('[').and_then(|r| r.strip_suffix(']'))
        };
        if let Some(inner) = tag {
            if !movetext.trim().is_empty() {
                finish(&mut tags, &mut movetext, &mut games);
            }
            let (name, value) = inner.split_once(' ').expect("tag name and value");
            let value = value
                .trim()
                .trim_matches('"')
                .replace("\\\"", "\"")
                .replace("\\\\", "\\");
            tags.push((name.to_string(), value));
        } else {
            movetext.push_str(l);
            movetext.push(' ');
        }
    }
    finish(&mut tags, &mut movetext, &mut games);
    games
}

/// Replays a record with the library: every token must name a legal action (in SAN or in
/// the engine notation) and, where the game ended by the rules, the final position must
/// give the recorded result. Returns the actions, for `position ... moves ...`.
pub fn replay(g: &PgnGame) -> Vec<String> {
    let mut opts = VariantOptions::new();
    let variant = match g.tag("Variant").expect("Variant tag") {
        "Chess960" => {
            opts.set("UCI_Chess960", "true");
            "chess"
        }
        v => v,
    };
    let mut game = registry::create(variant, &opts).expect("registered variant");
    if let Some(fen) = g.tag("FEN") {
        assert_eq!(g.tag("SetUp"), Some("1"));
        game.set_fen(fen).expect("FEN tag");
    }
    let mut actions = Vec::new();
    for token in &g.moves {
        let side = game.to_move();
        for part in token.split(',') {
            let legal = game.legal_actions();
            let a = legal
                .iter()
                .find(|a| a.as_str() == part || game.san(a).as_deref() == Some(part))
                .unwrap_or_else(|| panic!("'{part}' of '{token}' is not legal in {}", game.fen()))
                .clone();
            game.play_str(&a).expect("legal action plays");
            actions.push(a);
        }
        assert!(
            game.outcome().is_some() || game.to_move() != side,
            "'{token}' is not a whole turn"
        );
    }
    let result = g.tag("Result").expect("Result tag");
    assert_eq!(result, g.result, "Result tag and movetext agree");
    match g.tag("Termination").expect("Termination tag") {
        "normal" => {
            let o = game.outcome().expect("a game ended by the rules is over");
            assert_eq!(o.result_string(), result, "{o}");
        }
        _ => assert!(
            game.outcome().is_none(),
            "an adjudicated or forfeited game is not over"
        ),
    }
    actions
}
