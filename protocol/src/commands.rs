//! The one-shot subcommands: analyse, perft, bench, solve, render.

use clap::Args;

#[derive(Args)]
pub struct AnalyseArgs {
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

#[derive(Args)]
pub struct PerftArgs {
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

#[derive(Args)]
pub struct BenchArgs {}

#[derive(Args)]
pub struct SolveArgs {
    #[arg(long)]
    pub variant: String,
}

#[derive(Args)]
pub struct RenderArgs {
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

pub fn analyse(_a: AnalyseArgs) -> Result<(), String> {
    Err("analyse is not built yet".into())
}

pub fn perft(_a: PerftArgs) -> Result<(), String> {
    Err("perft is not built yet".into())
}

pub fn bench(_a: BenchArgs) -> Result<(), String> {
    Err("bench is not built yet".into())
}

pub fn solve(_a: SolveArgs) -> Result<(), String> {
    Err("solve is not built yet".into())
}

pub fn render(_a: RenderArgs) -> Result<(), String> {
    Err("render is not built yet".into())
}
