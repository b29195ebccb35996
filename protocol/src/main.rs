//! The `tessera` binary: the UCI-like protocol loop (no subcommand) and the command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;
mod tournament;
mod tune;

use tessera_protocol::uci;

#[derive(Parser)]
#[command(name = "tessera", version, about = "A game engine for chess variants")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the UCI-like protocol on stdin/stdout (the default).
    Uci,
    /// Analyse a position and print the best move with its score and principal variation.
    Analyse(commands::AnalyseArgs),
    /// Count move sequences (perft), optionally split by first move.
    Perft(commands::PerftArgs),
    /// Search a fixed set of positions to a fixed depth; print nodes and nodes per second.
    Bench(commands::BenchArgs),
    /// Compute the game-theoretic value of a variant's start position.
    Solve(commands::SolveArgs),
    /// Draw a position as an SVG picture.
    Render(commands::RenderArgs),
    /// Play an engine-vs-engine tournament, refereed with Tessera's own rules.
    Match(Box<tournament::MatchCommand>),
    /// Tune evaluation weights (Texel) or search parameters (SPSA).
    Tune(Box<tune::TuneArgs>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None | Some(Command::Uci) => uci::run_stdio(),
        Some(Command::Analyse(a)) => commands::analyse(a),
        Some(Command::Perft(a)) => commands::perft(a),
        Some(Command::Bench(a)) => commands::bench(a),
        Some(Command::Solve(a)) => commands::solve(a),
        Some(Command::Render(a)) => commands::render(a),
        Some(Command::Match(a)) => tournament::command(*a),
        Some(Command::Tune(a)) => tune::run(*a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tessera: {e}");
            ExitCode::FAILURE
        }
    }
}
