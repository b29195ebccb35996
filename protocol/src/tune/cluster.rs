//! Matches on a Ray cluster: the runner (`cluster/ray_match.py`, built into this program)
//! splits a `tessera match` into shards (`--shard K/N`), plays them as Ray tasks, merges
//! their results (`tessera match merge`) and prints the same report as one run.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The runner's source, written out when a cluster is used.
pub const RUNNER: &str = include_str!("../../../cluster/ray_match.py");

/// A Ray cluster to play matches on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// `auto`, `HOST:PORT` or `ray://HOST:PORT`.
    pub address: String,
    /// Shards per match (the runner's default when `None`).
    pub shards: Option<usize>,
}

/// The directory the runner's source is written to for one match, removed with it.
pub struct RunnerDir(PathBuf);

impl Drop for RunnerDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Cluster {
    /// The command that plays `tessera match <args>` on the cluster with `exe` as `tessera`,
    /// and the directory its runner lives in: keep it until the command has finished.
    pub fn command(&self, exe: &Path, args: &[String]) -> Result<(Command, RunnerDir), String> {
        static MATCHES: AtomicUsize = AtomicUsize::new(0);
        let n = MATCHES.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tessera-ray-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let dir = RunnerDir(dir);
        let script = dir.0.join("ray_match.py");
        std::fs::write(&script, RUNNER)
            .map_err(|e| format!("cannot write {}: {e}", script.display()))?;
        let python = std::env::var("TESSERA_PYTHON").unwrap_or_else(|_| "python3".into());
        let mut c = Command::new(python);
        c.arg(&script)
            .arg("--address")
            .arg(&self.address)
            .arg("--tessera")
            .arg(exe);
        if let Some(n) = self.shards {
            c.arg("--shards").arg(n.to_string());
        }
        c.arg("--").args(args);
        Ok((c, dir))
    }
}
