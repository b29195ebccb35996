//! Match settings shared by the tuners, and the acceptance test: a tuned table plays the
//! table it started from until an SPRT decides; it is accepted only when H1 (the tuned table
//! is at least `elo1` stronger) is.

use std::path::PathBuf;

use clap::Args;

use super::cluster::Cluster;
use super::matches::{self, MatchResult};
use super::progress::Progress;

/// How tuning matches are played (each tuning game, and the acceptance test).
#[derive(Args, Clone, Debug)]
pub struct MatchSettings {
    /// Nodes per move (the default limit: the same work whatever the machine's load).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// A clock instead of a node count: [moves/]seconds[+increment], e.g. 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Games played side by side.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Random turns at the start of each opening (each opening is played twice, colours
    /// swapped).
    #[arg(long = "random-plies", default_value_t = 8)]
    pub random_plies: u32,
    /// Openings file for the matches (see `tessera match`).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// More arguments for `tessera match` (adjudication, a time margin); repeatable.
    #[arg(long = "match-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub match_args: Vec<String>,
    /// Play the matches on a Ray cluster at this address (`auto`, `HOST:PORT`,
    /// `ray://HOST:PORT`), split into shards.
    #[arg(long)]
    pub cluster: Option<String>,
    /// Shards of each match on the cluster (default: two per game pair, at most 64).
    #[arg(long)]
    pub shards: Option<usize>,
}

/// The acceptance test.
#[derive(Args, Clone, Debug)]
pub struct AcceptArgs {
    /// Write the table without the acceptance match.
    #[arg(long = "no-sprt")]
    pub no_sprt: bool,
    /// The acceptance SPRT: elo0=E0 elo1=E1 alpha=A beta=B.
    #[arg(long, num_args = 4, value_name = "KEY=VALUE",
          default_values = ["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"])]
    pub sprt: Vec<String>,
    /// The most games the acceptance match plays before it stops undecided.
    #[arg(long = "sprt-games", default_value_t = 4000)]
    pub sprt_games: u32,
}

impl MatchSettings {
    pub fn cluster(&self) -> Option<Cluster> {
        self.cluster.as_ref().map(|a| Cluster {
            address: a.clone(),
            shards: self.shards,
        })
    }

    /// `tessera match` arguments for `games` games between two engines of this program,
    /// each with its own engine options.
    pub fn args(
        &self,
        variant: &str,
        variant_options: &[(String, String)],
        games: u32,
        seed: u64,
        engines: [(&str, &[(String, String)]); 2],
    ) -> Result<Vec<String>, String> {
        let exe = matches::current_exe()?;
        let mut a: Vec<String> = vec!["--variant".into(), variant.into()];
        for (k, v) in variant_options {
            a.push("--option".into());
            a.push(format!("{k}={v}"));
        }
        a.extend(["--games".into(), games.to_string()]);
        match &self.tc {
            Some(tc) => a.extend(["--tc".into(), tc.clone()]),
            None => a.extend(["--nodes".into(), self.nodes.to_string()]),
        }
        a.extend([
            "--concurrency".into(),
            self.concurrency.to_string(),
            "--random-plies".into(),
            self.random_plies.to_string(),
            "--seed".into(),
            seed.to_string(),
        ]);
        if let Some(o) = &self.openings {
            a.extend(["--openings".into(), o.display().to_string()]);
        }
        a.extend(self.match_args.iter().cloned());
        for (name, options) in engines {
            a.push("--engine".into());
            a.push(format!("cmd={}", exe.display()));
            a.push(format!("name={name}"));
            for (k, v) in options {
                a.push(format!("option.{k}={v}"));
            }
        }
        Ok(a)
    }
}

/// Plays `new` (engine options) against `old` until the SPRT decides or `sprt_games` are
/// played; prints the report.
pub fn sprt_match(
    what: &str,
    variant: &str,
    variant_options: &[(String, String)],
    new: &[(String, String)],
    old: &[(String, String)],
    settings: &MatchSettings,
    accept: &AcceptArgs,
) -> Result<MatchResult, String> {
    let mut args = settings.args(
        variant,
        variant_options,
        accept.sprt_games,
        settings.seed,
        [("new", new), ("old", old)],
    )?;
    args.push("--sprt".into());
    args.extend(accept.sprt.iter().cloned());
    let mut bar = Progress::new(what, accept.sprt_games as u64);
    let cluster = settings.cluster();
    let r = matches::play(&args, cluster.as_ref(), &mut |m| {
        bar.set(
            m.games() as u64,
            &format!("new vs old +{} -{} ={}", m.wins, m.losses, m.draws),
        );
    })?;
    bar.finish(&format!("+{} -{} ={}", r.wins, r.losses, r.draws));
    for l in &r.summary {
        println!("{l}");
    }
    Ok(r)
}

/// Writes the tuned table or network to `out` (by `write`) when the SPRT accepted it, and says
/// what became of it.
pub fn conclude(
    r: &MatchResult,
    out: &std::path::Path,
    write: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    match r.h1 {
        Some(true) => {
            write()?;
            println!("accepted: {}", out.display());
        }
        Some(false) => println!(
            "rejected: the SPRT accepted H0; {} not written",
            out.display()
        ),
        None => println!(
            "undecided after {} games; {} not written",
            r.games(),
            out.display()
        ),
    }
    Ok(())
}
