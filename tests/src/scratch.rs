//! Scratch directories for tests: each is a fresh directory under the system's temporary
//! directory, removed with everything in it when the test drops it (set
//! `TESSERA_KEEP_SCRATCH=1` to keep them for a look after a failure).

use std::ops::Deref;
use std::path::Path;

pub struct Scratch(tempfile::TempDir);

/// A fresh directory whose name starts with `tessera-{name}-`.
pub fn scratch(name: &str) -> Scratch {
    let mut dir = tempfile::Builder::new()
        .prefix(&format!("tessera-{name}-"))
        .tempdir()
        .expect("scratch dir");
    dir.disable_cleanup(std::env::var_os("TESSERA_KEEP_SCRATCH").is_some());
    Scratch(dir)
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}
