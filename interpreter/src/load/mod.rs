//! Load: rule-file text → syntax tree with source spans.
//!
//! The YAML structure is read through serde with spans kept; the Betza and
//! expression strings inside it are parsed with the pest grammar in
//! `grammar.pest`. Nothing here knows what the rules mean: that is `check`.

mod betza;
mod conditions;
mod expr;
mod extends;
mod file;
mod print;
mod yaml;

pub use betza::{parse_betza, Atom, BetzaComponent, Leg};
pub use expr::{parse_expression, BinaryOp, Expr, ExprNode, UnaryOp, MAX_NESTING};
pub use extends::{expand, no_parents, parents_on_disk, Expanded, ReadParent, MAX_EXTENDS_DEPTH};
pub use file::{read_text, MAX_SOURCE_BYTES};
pub use print::{print_betza, print_expression};
pub use yaml::*;

use crate::diagnostic::{Diagnostic, Diagnostics, Span};

#[allow(missing_docs)]
mod grammar {
    /// The pest parser for Betza movement and expressions.
    #[derive(pest_derive::Parser)]
    #[grammar = "load/grammar.pest"]
    pub struct Grammar;
}
pub(crate) use grammar::{Grammar, Rule};

/// A string from the rule file with the place of its first character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// The string's value.
    pub value: String,
    /// Where its first character stands in the file.
    pub span: Span,
}

impl Text {
    /// The span of `len` characters starting `offset` characters into the text.
    pub fn span_at(&self, offset: usize, len: usize) -> Span {
        self.span.shifted(offset, len)
    }

    /// A diagnostic covering the whole text.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(
            Span::new(
                self.span.line,
                self.span.col,
                self.value.chars().count() as u32,
            ),
            message,
        )
    }
}

/// Parses rule-file text into its syntax tree. Every YAML, Betza and
/// expression problem is reported with its place.
pub fn load(source: &str) -> Result<RuleFile, Diagnostics> {
    let raw = yaml::read(source)?;
    raw.resolve(source)
}
