//! `tessera match`: engine-vs-engine tournaments refereed with Tessera's rules.

use clap::Args;

#[derive(Args)]
pub struct MatchArgs {
    #[arg(long, default_value = "chess")]
    pub variant: String,
}

pub fn run(_a: MatchArgs) -> Result<(), String> {
    Err("match is not built yet".into())
}
