//! The Ray runner on a local cluster of two worker nodes: a sharded match merges into the
//! match played whole, and `tessera tune --cluster` plays on it
//! (`tests/python/ray_cluster.py`). Needs python3 with Ray (`pip install ray`): skipped with
//! a message without it, a failure under `CI=true`.

use std::process::Command;

use tessera_tests::binary::tessera_bin;

fn have_ray() -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import ray.cluster_utils"])
        .output();
    if probe.map(|o| o.status.success()).unwrap_or(false) {
        return true;
    }
    assert!(
        std::env::var("CI").is_err(),
        "python3 with ray is required under CI"
    );
    // Straight to the process's standard error: the test harness hides what a passing test
    // prints with `eprintln!`, and a skip must be seen.
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "skipped: python3 with ray is not installed (a_sharded_match_on_a_local_ray_cluster_equals_the_whole)"
    );
    false
}

#[test]
fn a_sharded_match_on_a_local_ray_cluster_equals_the_whole() {
    if !have_ray() {
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let work = tessera_tests::scratch::scratch("ray-test");
    let o = Command::new("python3")
        .arg(format!("{root}/python/ray_cluster.py"))
        .arg(tessera_bin())
        .arg(format!("{root}/../cluster/ray_match.py"))
        .arg(&*work)
        .output()
        .expect("run python3");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{out}\n{err}");
    println!("{out}");
}

/// Without Ray the test above is a failure under CI and, elsewhere, says it was skipped where
/// the person running the tests sees it (a passing test's printed output is hidden). Ray is
/// hidden from it by a `ray` package that cannot be imported.
#[test]
fn a_missing_ray_fails_under_ci_and_is_a_visible_skip_elsewhere() {
    let shim = tessera_tests::scratch::scratch("no-ray");
    std::fs::create_dir_all(shim.join("ray")).unwrap();
    std::fs::write(
        shim.join("ray/__init__.py"),
        "raise ImportError('ray is hidden')\n",
    )
    .unwrap();
    let run = |ci: Option<&str>| {
        let mut cmd = Command::new(std::env::current_exe().unwrap());
        cmd.args([
            "a_sharded_match_on_a_local_ray_cluster_equals_the_whole",
            "--exact",
            "--test-threads",
            "1",
        ])
        .env("PYTHONPATH", &*shim)
        .env_remove("CI");
        if let Some(v) = ci {
            cmd.env("CI", v);
        }
        let o = cmd.output().expect("run the test binary");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        (o.status.success(), text)
    };
    let (ok, text) = run(Some("true"));
    assert!(!ok, "under CI a missing Ray passed:\n{text}");
    assert!(text.contains("ray is required under CI"), "{text}");
    let (ok, text) = run(None);
    assert!(ok, "{text}");
    assert!(
        text.contains("skipped: python3 with ray is not installed"),
        "the skip is not shown:\n{text}"
    );
}
