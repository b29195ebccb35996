//! The test engine: Tessera's protocol loop over the test catalogue (Peek Whist, Higher or
//! Lower), and `toy-engine match ...`, the match referee over the same catalogue.
//!
//! `toy-engine --log FILE` appends every line it receives to FILE before handling it, so a
//! test can check everything an engine was told during a match. `--real` serves Tessera's own
//! variants (the registry) instead of the toys, so that the real hidden games are logged too.

use std::io::{BufRead, Write};

use clap::Parser;
use tessera_protocol::tournament::{self, MatchArgs};
use tessera_protocol::uci::{stdout_output, Engine, Flow};
use tessera_tests::toys::CATALOG;

#[derive(Parser)]
struct MatchCli {
    #[command(flatten)]
    args: MatchArgs,
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("match") {
        let cli = MatchCli::parse_from(args[1..].iter());
        return match tournament::run_with(cli.args, &CATALOG) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("toy-engine: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    let mut log = match args.iter().position(|a| a == "--log") {
        Some(i) => {
            let path = args.get(i + 1).expect("--log needs a file");
            Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .expect("open the log"),
            )
        }
        None => None,
    };
    let catalog: &'static [tessera::faces::variant::VariantInfo] =
        if args.iter().any(|a| a == "--real") {
            tessera::faces::registry::variants()
        } else {
            &CATALOG
        };
    let mut engine = Engine::new(catalog, stdout_output()).expect("a catalogue");
    let stdin = std::io::stdin();
    let mut buf = Vec::new();
    let mut input = stdin.lock();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(f) = &mut log {
            let _ = write!(f, "{line}");
            let _ = f.flush();
        }
        if engine.handle(&line) == Flow::Quit {
            return std::process::ExitCode::SUCCESS;
        }
    }
    engine.quit();
    std::process::ExitCode::SUCCESS
}
