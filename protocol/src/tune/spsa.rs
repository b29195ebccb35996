//! `tessera tune spsa`: simultaneous perturbation stochastic approximation of the search
//! parameters, as Fishtest runs it. Each iteration perturbs every tuned parameter by `±c_k`
//! (random signs), plays a few game pairs between the two perturbed engines with `tessera
//! match`, and moves the parameters along the result:
//! `theta += a_k / c_k * (wins - losses) * sign`, with `c_k = c / k^gamma` and
//! `a_k = a / (A + k)^alpha`; `c` and `a` are set so that at the last iteration the
//! perturbation is each parameter's `c_end` and `a_k / c_k^2` is `r_end`. With `--workers N`
//! N iterations are played at once, each update applied when its games end.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use clap::Args;
use tessera::core::param_table::{self, ParamTable};
use tessera::search::params::{SearchParams, SPSA_RANGES};

use super::accept::{conclude, sprt_match, AcceptArgs, MatchSettings};
use super::matches;
use super::progress::Progress;
use super::{pair, sibling, write};

#[derive(Args)]
pub struct SpsaArgs {
    /// The variant the matches are played in.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// A variant option NAME=VALUE.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Iterations.
    #[arg(long, default_value_t = 200)]
    pub iterations: u32,
    /// Game pairs per iteration (one opening, colours swapped).
    #[arg(long, default_value_t = 1)]
    pub pairs: u32,
    /// The parameters to tune, comma-separated (default: all).
    #[arg(long, value_delimiter = ',')]
    pub params: Vec<String>,
    /// The search parameters to start from (default: the built-in ones).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// Where the accepted table is written; the tuned table is always written next to it as
    /// NAME.candidate.json, and the path of the parameters as NAME.spsa.csv.
    #[arg(long)]
    pub out: PathBuf,
    /// Learning rate at the last iteration (a_N / c_N^2).
    #[arg(long = "r-end", default_value_t = 0.002)]
    pub r_end: f64,
    /// Scales every parameter's perturbation at the last iteration (its c_end).
    #[arg(long = "c-scale", default_value_t = 1.0)]
    pub c_scale: f64,
    #[arg(long, default_value_t = 0.602)]
    pub alpha: f64,
    #[arg(long, default_value_t = 0.101)]
    pub gamma: f64,
    /// Stability constant A (default: a tenth of the iterations).
    #[arg(long = "stability")]
    pub stability: Option<f64>,
    /// Iterations played at once, each a `tessera match` of its own (give each match
    /// `--concurrency 1` and use one worker per core).
    #[arg(long, default_value_t = 1)]
    pub workers: usize,
    /// Seed of the perturbation signs.
    #[arg(long = "spsa-seed", default_value_t = 7)]
    pub spsa_seed: u64,
    #[command(flatten)]
    pub accept: AcceptArgs,
    #[command(flatten)]
    pub matches: MatchSettings,
}

/// One tuned parameter.
struct Tuned {
    index: usize,
    name: &'static str,
    theta: f64,
    min: f64,
    max: f64,
    c_end: f64,
}

/// The SPSA gain schedule.
pub struct Schedule {
    pub a: f64,
    pub c: f64,
    pub big_a: f64,
    pub alpha: f64,
    pub gamma: f64,
}

impl Schedule {
    /// Gains for a run of `n` iterations and a parameter with final perturbation `c_end`.
    pub fn new(n: u32, c_end: f64, r_end: f64, big_a: f64, alpha: f64, gamma: f64) -> Schedule {
        let n = n.max(1) as f64;
        let c = c_end * n.powf(gamma);
        let a_end = r_end * c_end * c_end;
        let a = a_end * (big_a + n).powf(alpha);
        Schedule {
            a,
            c,
            big_a,
            alpha,
            gamma,
        }
    }

    pub fn c_k(&self, k: u32) -> f64 {
        self.c / (k as f64).powf(self.gamma)
    }

    pub fn a_k(&self, k: u32) -> f64 {
        self.a / (self.big_a + k as f64).powf(self.alpha)
    }
}

/// SplitMix64: reproducible signs without a dependency.
struct Signs(u64);

impl Signs {
    /// The signs of iteration `k`, whichever worker plays it.
    fn for_iteration(seed: u64, k: u32) -> Signs {
        Signs(seed ^ (k as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
    }

    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        if (z ^ (z >> 31)) & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }
}

/// What the workers share: the parameters, the next iteration to claim, and the record.
struct Shared {
    theta: Vec<f64>,
    next: u32,
    done: u32,
    totals: (u32, u32, u32),
    log: std::fs::File,
    bar: Progress,
    error: Option<String>,
}

impl Shared {
    /// Moves the parameters by iteration `k`'s result and writes its row.
    fn record(
        &mut self,
        k: u32,
        r: &matches::MatchResult,
        tuned: &[Tuned],
        schedules: &[Schedule],
        flips: &[f64],
        ck: &[f64],
    ) -> Result<(), String> {
        self.totals.0 += r.wins;
        self.totals.1 += r.losses;
        self.totals.2 += r.draws;
        let result = r.wins as f64 - r.losses as f64;
        for (i, t) in tuned.iter().enumerate() {
            let step = schedules[i].a_k(k) / ck[i] * result * flips[i];
            self.theta[i] = (self.theta[i] + step).clamp(t.min, t.max);
        }
        let row: Vec<String> = self.theta.iter().map(|t| format!("{t:.3}")).collect();
        writeln!(
            self.log,
            "{k},{},{},{},{}",
            r.wins,
            r.losses,
            r.draws,
            row.join(",")
        )
        .map_err(|e| e.to_string())?;
        self.done += 1;
        let shown: Vec<String> = tuned
            .iter()
            .zip(&self.theta)
            .take(4)
            .map(|(t, x)| format!("{} {x:.1}", t.name))
            .collect();
        self.bar.set(self.done as u64, &shown.join(" "));
        Ok(())
    }
}

fn table_with(base: &SearchParams, tuned: &[Tuned], theta: &[f64]) -> SearchParams {
    let mut v = param_table::values(base);
    for (t, &x) in tuned.iter().zip(theta) {
        v[t.index] = x.round().clamp(t.min, t.max) as i32;
    }
    let mut p = *base;
    param_table::set_values(&mut p, &v).expect("same table");
    p
}

/// The parameters that differ from the built-in ones, as an engine option.
fn option_of(p: &SearchParams) -> Vec<(String, String)> {
    let d = SearchParams::default();
    let names = param_table::names(p);
    let (a, b) = (param_table::values(p), param_table::values(&d));
    let changed: Vec<(String, i32)> = names
        .into_iter()
        .zip(a.iter().zip(&b))
        .filter(|(_, (x, y))| x != y)
        .map(|(n, (x, _))| (n, *x))
        .collect();
    if changed.is_empty() {
        Vec::new()
    } else {
        vec![("SearchParams".into(), param_table::inline_json(&changed))]
    }
}

pub fn run(a: SpsaArgs) -> Result<(), String> {
    let variant_options = a
        .options
        .iter()
        .map(|o| pair(o))
        .collect::<Result<Vec<_>, _>>()?;
    let base = match &a.init {
        Some(p) => crate_params_file(p)?,
        None => SearchParams::default(),
    };
    let names = param_table::names(&base);
    let values = param_table::values(&base);
    for p in &a.params {
        if !names.iter().any(|n| n == p) {
            return Err(format!(
                "--params: unknown parameter '{p}' (known: {})",
                names.join(", ")
            ));
        }
    }
    let tuned: Vec<Tuned> = SPSA_RANGES
        .iter()
        .enumerate()
        .filter(|(_, r)| a.params.is_empty() || a.params.iter().any(|p| p == r.name))
        .map(|(i, r)| Tuned {
            index: i,
            name: r.name,
            theta: values[i] as f64,
            min: r.min as f64,
            max: r.max as f64,
            c_end: r.c_end * a.c_scale,
        })
        .collect();
    let big_a = a.stability.unwrap_or(a.iterations as f64 / 10.0);
    let schedules: Vec<Schedule> = tuned
        .iter()
        .map(|t| Schedule::new(a.iterations, t.c_end, a.r_end, big_a, a.alpha, a.gamma))
        .collect();
    let log_path = sibling(&a.out, "spsa").with_extension("csv");
    let mut log = std::fs::File::create(&log_path)
        .map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
    let header: Vec<&str> = tuned.iter().map(|t| t.name).collect();
    writeln!(log, "iteration,wins,losses,draws,{}", header.join(",")).map_err(|e| e.to_string())?;
    let cluster = a.matches.cluster();
    let state = Mutex::new(Shared {
        theta: tuned.iter().map(|t| t.theta).collect(),
        next: 1,
        done: 0,
        totals: (0, 0, 0),
        log,
        bar: Progress::new("spsa", a.iterations as u64),
        error: None,
    });
    // Each worker claims the next iteration, perturbs the parameters as they stand then,
    // plays its games and moves the parameters by its result: with several workers the
    // iterations overlap and each update lands on parameters that others may have moved
    // meanwhile, as in Fishtest's SPSA.
    let worker = || loop {
        let (k, flips, ck, plus, minus) = {
            let mut st = state.lock().expect("no worker panics");
            if st.error.is_some() || st.next > a.iterations {
                return;
            }
            let k = st.next;
            st.next += 1;
            let mut signs = Signs::for_iteration(a.spsa_seed, k);
            let flips: Vec<f64> = tuned.iter().map(|_| signs.next()).collect();
            let ck: Vec<f64> = schedules.iter().map(|s| s.c_k(k)).collect();
            let shifted = |dir: f64| -> Vec<f64> {
                (0..tuned.len())
                    .map(|i| {
                        (st.theta[i] + dir * ck[i] * flips[i]).clamp(tuned[i].min, tuned[i].max)
                    })
                    .collect()
            };
            let (plus, minus) = (shifted(1.0), shifted(-1.0));
            (k, flips, ck, plus, minus)
        };
        let plus_opt = option_of(&table_with(&base, &tuned, &plus));
        let minus_opt = option_of(&table_with(&base, &tuned, &minus));
        let played = a
            .matches
            .args(
                &a.variant,
                &variant_options,
                2 * a.pairs,
                a.matches.seed.wrapping_add(k as u64 * 7919),
                [("plus", &plus_opt), ("minus", &minus_opt)],
            )
            .and_then(|args| matches::play(&args, cluster.as_ref(), &mut |_| {}));
        let mut st = state.lock().expect("no worker panics");
        let recorded = played.and_then(|r| st.record(k, &r, &tuned, &schedules, &flips, &ck));
        if let Err(e) = recorded {
            st.error.get_or_insert(e);
            return;
        }
    };
    std::thread::scope(|s| {
        for _ in 0..a.workers.max(1) {
            s.spawn(worker);
        }
    });
    let st = state.into_inner().expect("no worker panics");
    if let Some(e) = st.error {
        return Err(e);
    }
    let (total_w, total_l, total_d) = st.totals;
    st.bar.finish(&format!(
        "{} games: plus +{total_w} -{total_l} ={total_d}",
        total_w + total_l + total_d
    ));
    let theta = st.theta;
    let result = table_with(&base, &tuned, &theta);
    println!("tuned search parameters (start -> end):");
    for t in &tuned {
        let v = param_table::values(&result)[t.index];
        println!("  {}: {} -> {v}", t.name, values[t.index]);
    }
    let text = table_text(&result);
    let candidate = sibling(&a.out, "candidate");
    write(&candidate, &text)?;
    println!(
        "tuned table: {} (path: {})",
        candidate.display(),
        log_path.display()
    );
    if a.accept.no_sprt {
        write(&a.out, &text)?;
        println!("written without an acceptance match: {}", a.out.display());
        return Ok(());
    }
    let r = sprt_match(
        "acceptance",
        &a.variant,
        &variant_options,
        &option_of(&result),
        &option_of(&base),
        &a.matches,
        &a.accept,
    )?;
    conclude(&r, &a.out, || write(&a.out, &text))
}

fn table_text(p: &SearchParams) -> String {
    let t: &dyn ParamTable = p;
    param_table::to_json(
        None,
        "params",
        &param_table::names(t),
        &param_table::values(t),
    )
}

/// Reads a search parameter file.
fn crate_params_file(path: &std::path::Path) -> Result<SearchParams, String> {
    tessera_protocol::params::search_params(&path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let s = Schedule::new(1000, 4.0, 0.002, 100.0, 0.602, 0.101);
        assert!((s.c_k(1000) - 4.0).abs() < 1e-9);
        let r = s.a_k(1000) / (s.c_k(1000) * s.c_k(1000));
        assert!((r - 0.002).abs() < 1e-12);
        assert!(s.c_k(1) > s.c_k(10));
        let mut signs = Signs(1);
        let n: f64 = (0..1000).map(|_| signs.next()).sum();
        assert!(n.abs() < 100.0);
        // An iteration's signs depend on its number alone, whichever worker plays it.
        let draw = |k| {
            let mut s = Signs::for_iteration(7, k);
            (0..40).map(|_| s.next()).collect::<Vec<f64>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
