//! The proof's checkpoint file: the state of both sides' iterative deepening and every proven
//! fact of the table, so that a stopped proof resumes where it was. Working proof numbers are
//! not kept: they only guide the search, and the facts alone make a resumed search reach the
//! same answers (every fact is exact).
//!
//! Format (little-endian): the magic `TTCPROOF1`, the configuration (six reserve counts and the
//! board limit), the root's compact code, both sides' states, then the facts as (code, bounds)
//! pairs. The file is written to `<path>.tmp` and renamed, so a crash never leaves half a file.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use super::super::position::{Config, KINDS};
use super::table::Bounds;

const MAGIC: &[u8; 9] = b"TTCPROOF1";

/// One finished depth of one side.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthStat {
    pub depth: u32,
    /// True when the side wins within the depth.
    pub won: bool,
    pub nodes: u64,
    pub seconds: f64,
    /// Table slots in use when the depth finished.
    pub table: u64,
}

/// One side's iterative deepening.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideState {
    /// The depth being proven next.
    pub next: u32,
    /// The deepest bound within which the side is proven not to win (0: none).
    pub no_win: u32,
    /// The bound within which it is proven to win, once found.
    pub win: Option<u32>,
    /// Work already spent on `next` before the last stop.
    pub partial_nodes: u64,
    pub partial_seconds: f64,
    pub depths: Vec<DepthStat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub cfg: Config,
    pub root: u64,
    /// White's and Black's searches.
    pub sides: [SideState; 2],
    pub facts: Vec<(u64, Bounds)>,
}

fn put_u32(w: &mut impl Write, x: u32) -> std::io::Result<()> {
    w.write_all(&x.to_le_bytes())
}

fn put_u64(w: &mut impl Write, x: u64) -> std::io::Result<()> {
    w.write_all(&x.to_le_bytes())
}

struct Reader<R: Read> {
    r: R,
}

impl<R: Read> Reader<R> {
    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], String> {
        let mut b = [0u8; N];
        self.r
            .read_exact(&mut b)
            .map_err(|_| "the checkpoint file is truncated".to_string())?;
        Ok(b)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }
    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.bytes()?))
    }
}

impl Checkpoint {
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let tmp = path.with_extension("tmp");
        let err = |e: std::io::Error| format!("cannot write {}: {e}", tmp.display());
        {
            let f = std::fs::File::create(&tmp).map_err(err)?;
            let mut w = BufWriter::new(f);
            w.write_all(MAGIC).map_err(err)?;
            w.write_all(&self.cfg.reserve).map_err(err)?;
            w.write_all(&[self.cfg.max_on_board]).map_err(err)?;
            put_u64(&mut w, self.root).map_err(err)?;
            for s in &self.sides {
                put_u32(&mut w, s.next).map_err(err)?;
                put_u32(&mut w, s.no_win).map_err(err)?;
                put_u32(&mut w, s.win.unwrap_or(0)).map_err(err)?;
                put_u64(&mut w, s.partial_nodes).map_err(err)?;
                put_u64(&mut w, s.partial_seconds.to_bits()).map_err(err)?;
                put_u32(&mut w, s.depths.len() as u32).map_err(err)?;
                for d in &s.depths {
                    put_u32(&mut w, d.depth).map_err(err)?;
                    put_u32(&mut w, d.won as u32).map_err(err)?;
                    put_u64(&mut w, d.nodes).map_err(err)?;
                    put_u64(&mut w, d.seconds.to_bits()).map_err(err)?;
                    put_u64(&mut w, d.table).map_err(err)?;
                }
            }
            put_u64(&mut w, self.facts.len() as u64).map_err(err)?;
            for &(c, b) in &self.facts {
                put_u64(&mut w, c).map_err(err)?;
                put_u32(&mut w, b.pack()).map_err(err)?;
            }
            w.flush().map_err(err)?;
        }
        std::fs::rename(&tmp, path)
            .map_err(|e| format!("cannot rename {} to {}: {e}", tmp.display(), path.display()))
    }

    /// Reads a checkpoint; `Ok(None)` when the file does not exist yet.
    pub fn load(path: &Path) -> Result<Option<Checkpoint>, String> {
        let f = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let mut r = Reader {
            r: BufReader::new(f),
        };
        let magic: [u8; 9] = r.bytes()?;
        if &magic != MAGIC {
            return Err(format!(
                "{} is not a Tic Tac Chess proof checkpoint",
                path.display()
            ));
        }
        let reserve: [u8; KINDS] = r.bytes()?;
        let [max_on_board] = r.bytes()?;
        let cfg = Config {
            reserve,
            max_on_board,
        };
        let root = r.u64()?;
        let mut sides: [SideState; 2] = Default::default();
        for s in sides.iter_mut() {
            s.next = r.u32()?;
            s.no_win = r.u32()?;
            s.win = Some(r.u32()?).filter(|&w| w > 0);
            s.partial_nodes = r.u64()?;
            s.partial_seconds = f64::from_bits(r.u64()?);
            let n = r.u32()?;
            for _ in 0..n {
                s.depths.push(DepthStat {
                    depth: r.u32()?,
                    won: r.u32()? != 0,
                    nodes: r.u64()?,
                    seconds: f64::from_bits(r.u64()?),
                    table: r.u64()?,
                });
            }
        }
        let n = r.u64()?;
        let mut facts = Vec::with_capacity(n.min(1 << 28) as usize);
        for _ in 0..n {
            let c = r.u64()?;
            let b = Bounds::unpack(r.u32()?);
            facts.push((c, b));
        }
        Ok(Some(Checkpoint {
            cfg,
            root,
            sides,
            facts,
        }))
    }
}
