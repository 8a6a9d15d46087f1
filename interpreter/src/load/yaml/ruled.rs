//! A value chosen by a ruling (spec/LANGUAGE.md §18): `{ ruling: ID,
//! OPTION: VALUE, ... }` wherever the plain value may stand. The loader
//! turns each option into a copy of its entry whose `when` adds
//! `ruling("ID") == "OPTION"`, so later phases see plain values.

use serde::Deserialize;

use super::{place, Spanned};
use crate::diagnostic::Span;
use crate::load::{BinaryOp, Expr, ExprNode};

/// A value as written: plain, or one per option of a ruling.
pub(super) enum Ruled<T> {
    /// The value itself.
    Plain(T),
    /// `{ ruling: ID, OPTION: VALUE, ... }`: the ruling's id and, per
    /// option, its value.
    ByRuling {
        id: Option<Spanned<String>>,
        options: Vec<(Spanned<String>, T)>,
    },
}

impl<T: Default> Default for Ruled<T> {
    fn default() -> Self {
        Ruled::Plain(T::default())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ruled<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<T> {
            type Value = Ruled<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a value, or `{ ruling: ID, OPTION: VALUE, ... }`")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Ruled<T>, A::Error> {
                T::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(Ruled::Plain)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Ruled<T>, E> {
                T::deserialize(serde::de::value::StrDeserializer::<E>::new(v)).map(Ruled::Plain)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Ruled<T>, A::Error> {
                let mut id = None;
                let mut options = Vec::new();
                while let Some(key) = map.next_key::<Spanned<String>>()? {
                    if key.value == "ruling" {
                        id = Some(map.next_value()?);
                    } else {
                        options.push((key, map.next_value()?));
                    }
                }
                if id.is_none() {
                    return Err(serde::de::Error::custom(
                        "a mapping here chooses the value by a ruling: `{ ruling: ID, OPTION: VALUE, ... }`; `ruling:` is missing",
                    ));
                }
                Ok(Ruled::ByRuling { id, options })
            }
        }
        d.deserialize_any(Visitor(std::marker::PhantomData))
    }
}

/// One choice of a ruled value: the condition that selects it (none for a
/// plain value) and the value.
pub(super) type Choice<'a, T> = (Option<ExprNode>, &'a T);

impl<T> Ruled<T> {
    /// The choices: the plain value, or one per option with
    /// `ruling("ID") == "OPTION"` placed at the option's key.
    pub(super) fn choices(&self, source: &str) -> Vec<Choice<'_, T>> {
        match self {
            Ruled::Plain(v) => vec![(None, v)],
            Ruled::ByRuling { id, options } => {
                let Some(id) = id else { return Vec::new() };
                let id_span = place(id, source);
                options
                    .iter()
                    .map(|(option, value)| {
                        let at = place(option, source);
                        let at = Span::new(at.line, at.col, option.value.chars().count() as u32);
                        (
                            Some(option_chosen(&id.value, id_span, &option.value, at)),
                            value,
                        )
                    })
                    .collect()
            }
        }
    }

    /// The ruling's id and its options as written, with their places.
    pub(super) fn ruling(&self) -> Option<(&Spanned<String>, Vec<&Spanned<String>>)> {
        match self {
            Ruled::ByRuling {
                id: Some(id),
                options,
            } => Some((id, options.iter().map(|(o, _)| o).collect())),
            _ => None,
        }
    }
}

/// `ruling("ID") == "OPTION"`.
fn option_chosen(id: &str, id_span: Span, option: &str, at: Span) -> ExprNode {
    let node = |expr| ExprNode { expr, span: at };
    let ruling = ExprNode {
        expr: Expr::Call(
            "ruling".to_string(),
            vec![ExprNode {
                expr: Expr::Str(id.to_string()),
                span: id_span,
            }],
        ),
        span: id_span,
    };
    node(Expr::Binary(
        BinaryOp::Eq,
        Box::new(ruling),
        Box::new(node(Expr::Str(option.to_string()))),
    ))
}

/// `a and b and ...`: every condition given, or none.
pub(super) fn all_of(conditions: impl IntoIterator<Item = Option<ExprNode>>) -> Option<ExprNode> {
    conditions.into_iter().flatten().reduce(|a, b| ExprNode {
        span: a.span,
        expr: Expr::Binary(BinaryOp::And, Box::new(a), Box::new(b)),
    })
}
