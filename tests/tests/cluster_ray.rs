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
    eprintln!("skipped: python3 with ray is not installed");
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
