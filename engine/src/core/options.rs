//! Variant options: their UCI types, defaults and value checks, and the values a game is
//! built from. Games declare their options here and never see the registry.

use std::collections::BTreeMap;

use crate::core::game::RuleError;

/// The type and default of an option, as UCI declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    Text {
        default: &'static str,
    },
}

/// A check of a text option's value beyond its type (a reserve's letters, a list of names).
pub type CheckFn = fn(&str) -> Result<(), RuleError>;

/// One option a variant understands (set with `setoption name <name> value <v>`).
#[derive(Clone, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub help: &'static str,
    /// Checks a value when it is set, so that a bad value is refused at once rather than
    /// when the variant is built. `None`: the kind's own check is enough.
    pub check: Option<CheckFn>,
}

impl OptionSpec {
    /// Checks `value` against the option's kind and its own check, and returns it in
    /// canonical form (`true`/`false`, a decimal integer, the combo value as declared).
    /// UCI GUIs echo a string option's declared default `<empty>` back: that is the empty
    /// string.
    pub fn validate(&self, value: &str) -> Result<String, RuleError> {
        let name = self.name;
        let canonical = match &self.kind {
            OptionKind::Check { .. } => {
                if value.eq_ignore_ascii_case("true") {
                    "true".to_string()
                } else if value.eq_ignore_ascii_case("false") {
                    "false".to_string()
                } else {
                    return Err(RuleError::new(format!(
                        "option {name} takes true or false, not '{value}'"
                    )));
                }
            }
            OptionKind::Spin { min, max, .. } => match value.trim().parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => v.to_string(),
                _ => {
                    return Err(RuleError::new(format!(
                        "option {name} takes an integer from {min} to {max}, not '{value}'"
                    )))
                }
            },
            OptionKind::Combo { values, .. } => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| v.to_string())
                .ok_or_else(|| {
                    RuleError::new(format!(
                        "option {name} takes one of {}, not '{value}'",
                        values.join(", ")
                    ))
                })?,
            OptionKind::Text { .. } => {
                if value.trim() == "<empty>" {
                    String::new()
                } else {
                    value.to_string()
                }
            }
        };
        if let Some(check) = self.check {
            check(&canonical)?;
        }
        Ok(canonical)
    }

    /// The default value, as text.
    pub fn default_value(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Combo { default, .. } => default.to_string(),
            OptionKind::Text { default } => default.to_string(),
        }
    }
}

/// Option values by lower-cased option name, as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions(BTreeMap<String, String>);

impl VariantOptions {
    pub fn new() -> VariantOptions {
        VariantOptions::default()
    }

    pub fn set(&mut self, name: &str, value: &str) {
        self.0.insert(name.to_ascii_lowercase(), value.to_string());
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(&name.to_ascii_lowercase()).map(String::as_str)
    }

    /// Every value set, by lower-cased name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// A check option's value (`true`/`false`), or `default` when unset.
    pub fn flag(&self, name: &str, default: bool) -> Result<bool, RuleError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) if v.eq_ignore_ascii_case("true") => Ok(true),
            Some(v) if v.eq_ignore_ascii_case("false") => Ok(false),
            Some(v) => Err(RuleError::new(format!(
                "option {name} takes true or false, not '{v}'"
            ))),
        }
    }

    /// A spin option's value, or `default` when unset; out of `min..=max` is an error.
    pub fn int(&self, name: &str, default: i64, min: i64, max: i64) -> Result<i64, RuleError> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => match v.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(RuleError::new(format!(
                    "option {name} takes an integer from {min} to {max}, not '{v}'"
                ))),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: OptionSpec = OptionSpec {
        name: "Letters",
        kind: OptionKind::Text { default: "" },
        help: "",
        check: Some(|v| {
            if v.chars().all(|c| c.is_ascii_uppercase()) {
                Ok(())
            } else {
                Err(RuleError::new("Letters: upper-case letters only"))
            }
        }),
    };

    #[test]
    fn values_are_checked_and_canonical() {
        let spin = OptionSpec {
            name: "N",
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: 4,
            },
            help: "",
            check: None,
        };
        assert_eq!(spin.validate(" 3").unwrap(), "3");
        assert!(spin.validate("5").is_err());
        assert_eq!(TEXT.validate("AB").unwrap(), "AB");
        assert!(TEXT.validate("ab").is_err());
        assert_eq!(TEXT.validate("<empty>").unwrap(), "");
    }
}
