//! Named integer tables: evaluation weights and search parameters as data.
//!
//! A table is a typed struct (each variant's `Weights`, the searcher's `SearchParams`) whose
//! defaults are the values the engine plays with. `ParamTable` lists its integers in a fixed
//! order under dotted names (`material.knight.mg`, `passed.6.eg`), which is all a tuner needs:
//! the names, the values as a vector, and setting them from a vector. Files hold a flat JSON
//! object of name and value, optionally wrapped with the variant it is for:
//!
//! ```json
//! {"variant": "chess", "weights": {"material.knight.mg": 331, "tempo": 14}}
//! ```
//!
//! A file may name only some parameters; the others keep their values.

use serde_json::{Map, Value};

use crate::core::game::{Evaluate, RuleError};

/// A table of named integers. Implement it with `param_table!` for a struct of fields that
/// are `ParamField`s (integers, arrays of them, or a game's own compound values).
pub trait ParamTable {
    /// Every parameter, in the table's order, with its dotted name.
    fn visit(&self, f: &mut dyn FnMut(&str, i32));
    /// The same order, mutable.
    fn visit_mut(&mut self, f: &mut dyn FnMut(&str, &mut i32));
}

/// A part of a table: an integer, an array of parts, or a compound a game defines.
/// `name` holds the dotted path so far; implementations append to it and restore it.
pub trait ParamField {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32));
    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32));
}

impl ParamField for i32 {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        f(name, *self)
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        f(name, self)
    }
}

impl<T: ParamField, const N: usize> ParamField for [T; N] {
    fn visit_field(&self, name: &mut String, f: &mut dyn FnMut(&str, i32)) {
        for (i, x) in self.iter().enumerate() {
            with_part(name, &i.to_string(), |n| x.visit_field(n, f));
        }
    }

    fn visit_field_mut(&mut self, name: &mut String, f: &mut dyn FnMut(&str, &mut i32)) {
        for (i, x) in self.iter_mut().enumerate() {
            with_part(name, &i.to_string(), |n| x.visit_field_mut(n, f));
        }
    }
}

/// Runs `body` with `.part` appended to `name` (no dot at the start), then restores `name`.
pub fn with_part<R>(name: &mut String, part: &str, body: impl FnOnce(&mut String) -> R) -> R {
    let len = name.len();
    if !name.is_empty() {
        name.push('.');
    }
    name.push_str(part);
    let r = body(name);
    name.truncate(len);
    r
}

/// Implements `ParamTable` for a struct by listing its fields in order; each field's name
/// is the first part of its parameters' names.
#[macro_export]
macro_rules! param_table {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl $crate::core::param_table::ParamTable for $ty {
            fn visit(&self, f: &mut dyn FnMut(&str, i32)) {
                let mut name = String::new();
                $(
                    $crate::core::param_table::with_part(&mut name, stringify!($field), |n| {
                        $crate::core::param_table::ParamField::visit_field(&self.$field, n, f)
                    });
                )*
            }

            fn visit_mut(&mut self, f: &mut dyn FnMut(&str, &mut i32)) {
                let mut name = String::new();
                $(
                    $crate::core::param_table::with_part(&mut name, stringify!($field), |n| {
                        $crate::core::param_table::ParamField::visit_field_mut(&mut self.$field, n, f)
                    });
                )*
            }
        }
    };
}

/// The parameters' names, in order.
pub fn names(t: &dyn ParamTable) -> Vec<String> {
    let mut out = Vec::new();
    t.visit(&mut |n, _| out.push(n.to_string()));
    out
}

/// The parameters' values, in order.
pub fn values(t: &dyn ParamTable) -> Vec<i32> {
    let mut out = Vec::new();
    t.visit(&mut |_, v| out.push(v));
    out
}

/// Sets every parameter from `v`, in order; the length must match.
pub fn set_values(t: &mut dyn ParamTable, v: &[i32]) -> Result<(), RuleError> {
    let n = values(t).len();
    if v.len() != n {
        return Err(RuleError::new(format!(
            "{} values given for a table of {n} parameters",
            v.len()
        )));
    }
    let mut i = 0;
    t.visit_mut(&mut |_, x| {
        *x = v[i];
        i += 1;
    });
    Ok(())
}

/// Replaces the named values in `values` (ordered as `names`); unknown names are an error
/// and leave `values` unchanged.
pub fn assign(
    names: &[String],
    values: &mut [i32],
    pairs: &[(String, i32)],
) -> Result<(), RuleError> {
    let mut idx = Vec::with_capacity(pairs.len());
    for (n, v) in pairs {
        match names.iter().position(|x| x == n) {
            Some(i) => idx.push((i, *v)),
            None => return Err(RuleError::new(format!("unknown parameter '{n}'"))),
        }
    }
    for (i, v) in idx {
        values[i] = v;
    }
    Ok(())
}

/// A parameter file read: the variant it names (if any) and its name/value pairs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamFile {
    pub variant: Option<String>,
    pub values: Vec<(String, i32)>,
}

/// Reads a parameter file: `{"variant": V, "weights": {...}}`, `{"params": {...}}` or a flat
/// object of names and integers.
pub fn parse_json(text: &str) -> Result<ParamFile, RuleError> {
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| RuleError::new(format!("not a JSON parameter file: {e}")))?;
    let Value::Object(top) = doc else {
        return Err(RuleError::new("a parameter file is a JSON object"));
    };
    let variant = match top.get("variant") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(RuleError::new("\"variant\" must be a string")),
    };
    let table = match (top.get("weights"), top.get("params")) {
        (Some(Value::Object(m)), None) | (None, Some(Value::Object(m))) => m,
        (None, None) if variant.is_none() => &top,
        _ => {
            return Err(RuleError::new(
                "expected one object \"weights\" or \"params\" of names and integers",
            ))
        }
    };
    let mut values = Vec::with_capacity(table.len());
    for (k, v) in table {
        let n = v
            .as_i64()
            .filter(|n| i32::try_from(*n).is_ok())
            .ok_or_else(|| RuleError::new(format!("parameter '{k}': {v} is not an integer")))?;
        values.push((k.clone(), n as i32));
    }
    Ok(ParamFile { variant, values })
}

/// Writes a table as a parameter file, one parameter a line, in the table's order.
/// `key` is `weights` for evaluation weights and `params` for search parameters.
pub fn to_json(variant: Option<&str>, key: &str, names: &[String], values: &[i32]) -> String {
    let mut out = String::from("{\n");
    if let Some(v) = variant {
        out.push_str(&format!(
            "  \"variant\": {},\n",
            Value::String(v.to_string())
        ));
    }
    out.push_str(&format!("  \"{key}\": {{\n"));
    for (i, (n, v)) in names.iter().zip(values).enumerate() {
        let comma = if i + 1 < names.len() { "," } else { "" };
        out.push_str(&format!("    {}: {v}{comma}\n", Value::String(n.clone())));
    }
    out.push_str("  }\n}\n");
    out
}

/// A compact one-line object of the given pairs (for an engine option's value).
pub fn inline_json(pairs: &[(String, i32)]) -> String {
    let mut m = Map::new();
    for (k, v) in pairs {
        m.insert(k.clone(), Value::from(*v));
    }
    Value::Object(m).to_string()
}

/// Applies a parameter file's pairs to a game's evaluation weights. Unchanged on error.
pub fn apply_weights<G: Evaluate>(g: &mut G, pairs: &[(String, i32)]) -> Result<(), RuleError> {
    let t = g
        .eval_weights()
        .ok_or_else(|| RuleError::new(format!("{} has no evaluation weights", g.variant())))?;
    let names = names(t);
    let mut v = values(t);
    assign(&names, &mut v, pairs)?;
    g.set_eval_weights(&v)
}

/// Step of the central differences in `finite_difference_gradient`: large enough that the
/// integer rounding of an evaluation is small against it.
const FD_STEP: i32 = 8;

/// The gradient of `evaluate()` (side to move's view) with respect to the weights by central
/// differences: exact for terms linear in a weight, up to rounding. Nonzero entries only.
pub fn finite_difference_gradient<G: Evaluate>(g: &G, out: &mut Vec<(u32, f32)>) {
    let Some(t) = g.eval_weights() else {
        return;
    };
    let base = values(t);
    let mut probe = g.clone();
    let mut v = base.clone();
    for i in 0..base.len() {
        v[i] = base[i] + FD_STEP;
        let up = probe.set_eval_weights(&v).map(|_| probe.evaluate());
        v[i] = base[i] - FD_STEP;
        let down = probe.set_eval_weights(&v).map(|_| probe.evaluate());
        v[i] = base[i];
        if let (Ok(u), Ok(d)) = (up, down) {
            if u != d {
                out.push((i as u32, (u - d) as f32 / (2 * FD_STEP) as f32));
            }
        }
    }
}

/// Checks every variant's table passes: names, JSON files, partial files, refusals and the
/// gradient the Texel fit relies on.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::core::game::seeded_rng;
    use rand_core::RngCore;

    /// Positions reached by random legal actions from `start` (every `every`-th one kept).
    pub fn random_positions<G: Evaluate>(start: &G, seed: u64, n: usize) -> Vec<G> {
        let mut rng = seeded_rng(seed);
        let mut out = Vec::new();
        let mut acts = Vec::new();
        while out.len() < n {
            let mut g = start.clone();
            for _ in 0..(rng.next_u32() % 60) {
                acts.clear();
                g.legal_actions(&mut acts);
                if g.outcome().is_some() || acts.is_empty() {
                    break;
                }
                let a = acts[rng.next_u32() as usize % acts.len()];
                g.play(a);
            }
            if g.outcome().is_none() {
                out.push(g);
            }
        }
        out
    }

    /// The table's names are unique, a file of it reads back to the same values, a partial
    /// file changes only what it names, a wrong length or unknown name is refused with the
    /// weights unchanged, and the gradient predicts how the evaluation moves when all
    /// weights move at once (within `slack` centipawns plus 5% of the predicted change).
    pub fn check_table<G: Evaluate>(variant: &str, positions: &[G], slack: f64) {
        let first = &positions[0];
        let t = first.eval_weights().expect("a weights table");
        let names = names(t);
        let start = values(t);
        assert!(!names.is_empty());
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "names are unique");

        let changed: Vec<i32> = start
            .iter()
            .enumerate()
            .map(|(i, v)| v + (i as i32 % 7) - 3)
            .collect();
        let text = to_json(Some(variant), "weights", &names, &changed);
        let file = parse_json(&text).unwrap();
        assert_eq!(file.variant.as_deref(), Some(variant));
        let mut g = first.clone();
        apply_weights(&mut g, &file.values).unwrap();
        assert_eq!(values(g.eval_weights().unwrap()), changed);

        let mut g = first.clone();
        let last = names.last().unwrap().clone();
        apply_weights(&mut g, &[(last.clone(), start[start.len() - 1] + 5)]).unwrap();
        let after = values(g.eval_weights().unwrap());
        assert_eq!(after[..after.len() - 1], start[..start.len() - 1]);
        assert_eq!(after[after.len() - 1], start[start.len() - 1] + 5);

        let mut g = first.clone();
        assert!(g.set_eval_weights(&start[1..]).is_err());
        assert!(apply_weights(&mut g, &[("no.such.weight".into(), 1)]).is_err());
        assert!(g
            .set_eval_weights(&vec![i32::MAX / 2; start.len()])
            .is_err());
        assert_eq!(values(g.eval_weights().unwrap()), start);

        // Move every weight by +-3 (a fixed pattern) and compare with the linear prediction.
        let delta: Vec<i32> = (0..start.len())
            .map(|i| if (i * 7919) % 3 == 0 { -3 } else { 3 })
            .collect();
        let moved: Vec<i32> = start.iter().zip(&delta).map(|(v, d)| v + d).collect();
        let mut used = 0;
        for p in positions {
            let mut grad = Vec::new();
            p.eval_gradient(&mut grad);
            used += grad.len();
            let predicted: f64 = grad
                .iter()
                .map(|&(i, c)| c as f64 * delta[i as usize] as f64)
                .sum();
            let spread: f64 = grad
                .iter()
                .map(|&(i, c)| (c as f64 * delta[i as usize] as f64).abs())
                .sum();
            let mut q = p.clone();
            q.set_eval_weights(&moved).unwrap();
            let actual = (q.evaluate() - p.evaluate()) as f64;
            assert!(
                (actual - predicted).abs() <= slack + 0.05 * spread,
                "{variant} at {}: moved {actual}, predicted {predicted}",
                p.fen()
            );
        }
        assert!(used > positions.len(), "the gradient sees the weights");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq)]
    struct Demo {
        a: i32,
        b: [i32; 2],
        c: [[i32; 2]; 2],
    }

    param_table!(Demo { a, b, c });

    #[test]
    fn names_values_and_round_trip() {
        let mut d = Demo {
            a: 1,
            b: [2, 3],
            c: [[4, 5], [6, 7]],
        };
        assert_eq!(
            names(&d),
            ["a", "b.0", "b.1", "c.0.0", "c.0.1", "c.1.0", "c.1.1"]
        );
        assert_eq!(values(&d), [1, 2, 3, 4, 5, 6, 7]);
        set_values(&mut d, &[7, 6, 5, 4, 3, 2, 1]).unwrap();
        assert_eq!(d.c, [[4, 3], [2, 1]]);
        assert!(set_values(&mut d, &[1]).is_err());
        let text = to_json(Some("demo"), "weights", &names(&d), &values(&d));
        let f = parse_json(&text).unwrap();
        assert_eq!(f.variant.as_deref(), Some("demo"));
        let mut e = Demo::default();
        let n = names(&e);
        let mut v = values(&e);
        assign(&n, &mut v, &f.values).unwrap();
        set_values(&mut e, &v).unwrap();
        assert_eq!(e, d);
    }

    #[test]
    fn partial_and_bad_files() {
        let f = parse_json(r#"{"b.1": 9}"#).unwrap();
        assert_eq!(f.values, [("b.1".to_string(), 9)]);
        let d = Demo::default();
        let n = names(&d);
        let mut v = values(&d);
        assign(&n, &mut v, &f.values).unwrap();
        assert_eq!(v, [0, 0, 9, 0, 0, 0, 0]);
        let bad = parse_json(r#"{"zz": 1}"#).unwrap();
        let before = v.clone();
        assert!(assign(&n, &mut v, &bad.values).is_err());
        assert_eq!(v, before);
        for text in [
            "[1]",
            "{\"a\": 1.5}",
            "{\"a\": \"x\"}",
            "{\"a\": 99999999999}",
            "not json",
            "{\"variant\": \"chess\", \"a\": 1}",
            "{\"variant\": 3, \"weights\": {}}",
        ] {
            assert!(parse_json(text).is_err(), "{text}");
        }
        assert_eq!(
            parse_json(&inline_json(&[("a".into(), -3)]))
                .unwrap()
                .values,
            [("a".to_string(), -3)]
        );
    }
}
