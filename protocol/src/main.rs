//! The `tessera` binary: the UCI-like protocol loop (no subcommand) and the command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;
mod tune;

use tessera_protocol::{print, progress, tournament, uci};

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
    /// Compute the game-theoretic value of a variant's start position (card solitaires: the
    /// best score of a deal, or the solver and reference players over many deals).
    Solve(commands::SolveArgs),
    /// Draw a position as an SVG picture.
    Render(commands::RenderArgs),
    /// Play an engine-vs-engine tournament, refereed with Tessera's own rules.
    Match(Box<tournament::MatchCommand>),
    /// Tune evaluation weights (Texel) or search parameters (SPSA).
    Tune(Box<tune::TuneArgs>),
    /// Serve a web board for every variant on localhost (play, analyse, set up, take back).
    Serve(tessera_protocol::serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None | Some(Command::Uci) => tessera_protocol::run_stdio(),
        Some(Command::Analyse(a)) => commands::analyse(a),
        Some(Command::Perft(a)) => commands::perft(a),
        Some(Command::Bench(a)) => commands::bench(a),
        Some(Command::Solve(a)) => commands::solve(a),
        Some(Command::Render(a)) => commands::render(a),
        Some(Command::Match(a)) => tournament::command(*a),
        Some(Command::Tune(a)) => tune::run(*a),
        Some(Command::Serve(a)) => tessera_protocol::serve::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tessera: {}", uci::report::clip_echoes(&e));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// Every option and argument of every subcommand says what it is for in `--help`.
    #[test]
    fn every_argument_has_help() {
        let mut missing = Vec::new();
        let cli = Cli::command();
        for sub in cli.get_subcommands() {
            assert!(sub.get_about().is_some(), "{} has no help", sub.get_name());
            for arg in sub.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{} --{id}", sub.get_name()));
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }
}
