//! Command-line errors: a message on stderr and a non-zero exit, for any variant set.
//! (Also makes cargo build the `tessera` binary before the workspace's binary-driving tests.)

use std::process::Command;

fn tessera(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("run tessera")
}

#[test]
fn errors_exit_non_zero_with_a_message() {
    for args in [
        &["perft", "--variant", "no-such-variant", "--depth", "1"][..],
        &["analyse", "--variant", "no-such-variant", "--depth", "1"],
        &["solve", "--variant", "no-such-variant"],
        &[
            "render",
            "--variant",
            "no-such-variant",
            "--out",
            "/nonexistent/x.svg",
        ],
        &["analyse", "--option", "novalue"],
        &["perft", "--depth", "99"],
        &["bench", "--threads", "0"],
        &["frobnicate"],
    ] {
        let o = tessera(args);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(!o.stderr.is_empty(), "{args:?} printed no message");
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("panicked"),
            "{args:?} panicked"
        );
    }
}

#[test]
fn help_lists_the_subcommands() {
    let o = tessera(&["--help"]);
    assert!(o.status.success());
    let s = String::from_utf8_lossy(&o.stdout);
    for c in [
        "uci", "analyse", "perft", "bench", "solve", "render", "match",
    ] {
        assert!(s.contains(c), "{c} missing from --help");
    }
}
