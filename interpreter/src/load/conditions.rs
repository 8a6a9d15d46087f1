//! Named conditions (spec/LANGUAGE.md §5.3): a `conditions:` section names
//! expressions, optionally with parameters, and every expression of the
//! file may use them by name. They are expanded when the file is loaded, so
//! later phases see plain expressions, and a problem inside one is reported
//! where its text is written.

use std::collections::BTreeMap;

use super::{parse_expression, Expr, ExprNode, Text, MAX_NESTING};
use crate::diagnostic::{Diagnostic, Span};

/// The names of the expression language itself, which a condition may not
/// take: the square context's and move context's names and the functions.
const BUILT_IN: &[&str] = &[
    "rank",
    "file",
    "square",
    "ranks",
    "files",
    "last",
    "white",
    "true",
    "false",
    "not",
    "and",
    "or",
    "in",
    "in_check",
    "piece",
    "move",
    "player",
    "opponent",
    "last_move",
    "move_number",
    "sub_move",
    "ruling",
    "if",
    "own",
    "reach_from_outside",
    "held",
    "captured_last_turn",
    "captured_last_turn_count",
    "count",
    "any",
];

/// The most tree levels and nodes an expression may have once its named
/// conditions are expanded: a bound on what a few small definitions using
/// each other could otherwise multiply into.
const MAX_EXPANDED_DEPTH: usize = 2 * MAX_NESTING;
const MAX_EXPANDED_NODES: usize = 20_000;

/// One named condition: its parameters and its expression.
struct Definition {
    params: Vec<String>,
    body: ExprNode,
}

/// The named conditions of a rule file, ready to expand.
#[derive(Default)]
pub(crate) struct Conditions {
    defined: BTreeMap<String, Definition>,
}

impl Conditions {
    /// Reads the `conditions` section: each key `name` or `name(P, ...)`
    /// and its expression. Problems go to `errors`; the conditions read
    /// well are kept.
    pub(crate) fn read(entries: &[(Text, Text)], errors: &mut Vec<Diagnostic>) -> Conditions {
        let mut defined = BTreeMap::new();
        for (key, body) in entries {
            let (name, params) = match signature(&key.value) {
                Ok(signature) => signature,
                Err(message) => {
                    errors.push(key.error(message));
                    continue;
                }
            };
            if BUILT_IN.contains(&name.as_str()) || is_square_or_file(&name) {
                errors.push(key.error(format!(
                    "`{name}` is a name of the expression language (spec/LANGUAGE.md §5); name the condition otherwise"
                )));
                continue;
            }
            match parse_expression(body) {
                Ok(body) => {
                    defined.insert(name, Definition { params, body });
                }
                Err(d) => errors.push(d),
            }
        }
        Conditions { defined }
    }

    /// Parses an expression of the file and expands the named conditions
    /// it uses.
    pub(crate) fn parse(&self, text: &Text) -> Result<ExprNode, Diagnostic> {
        let node = parse_expression(text)?;
        if self.defined.is_empty() {
            return Ok(node);
        }
        let mut expansion = Expansion {
            conditions: self,
            using: Vec::new(),
            nodes: 0,
        };
        let expanded = expansion.expand(node)?;
        if depth(&expanded) > MAX_EXPANDED_DEPTH || expansion.nodes > MAX_EXPANDED_NODES {
            return Err(text.error(format!(
                "with its named conditions expanded this expression is too large (at most {MAX_EXPANDED_DEPTH} levels and {MAX_EXPANDED_NODES} parts)"
            )));
        }
        Ok(expanded)
    }
}

/// The expansion of one expression's named conditions: the conditions
/// being expanded (a use inside its own expansion is a cycle) and the
/// nodes built so far.
struct Expansion<'c> {
    conditions: &'c Conditions,
    using: Vec<String>,
    nodes: usize,
}

impl Expansion<'_> {
    /// `node` with every use of a named condition replaced by its
    /// expression.
    fn expand(&mut self, node: ExprNode) -> Result<ExprNode, Diagnostic> {
        let conditions = self.conditions;
        self.nodes += 1;
        if self.nodes > MAX_EXPANDED_NODES {
            return Err(Diagnostic::at(
                node.span,
                format!("with its named conditions expanded this expression is too large (at most {MAX_EXPANDED_NODES} parts)"),
            ));
        }
        let span = node.span;
        let (name, args) = match node.expr {
            Expr::Path(path) if path.len() == 1 && conditions.defined.contains_key(&path[0]) => {
                (path[0].clone(), None)
            }
            Expr::Call(name, args) if conditions.defined.contains_key(&name) => (name, Some(args)),
            expr => return self.expand_inside(ExprNode { expr, span }),
        };
        let definition = &conditions.defined[&name];
        let given = args.as_ref().map_or(0, Vec::len);
        if given != definition.params.len() || (args.is_some() && given == 0) {
            let wanted = match definition.params.len() {
                0 => format!("`{name}` is a named condition without parameters: write `{name}`"),
                n => format!(
                    "`{name}` takes {n} argument{} ({}), not {given}",
                    if n == 1 { "" } else { "s" },
                    definition.params.join(", ")
                ),
            };
            return Err(Diagnostic::at(span, wanted));
        }
        if self.using.contains(&name) {
            return Err(Diagnostic::at(
                span,
                format!(
                    "the named conditions use each other in a cycle: {} -> {name}",
                    self.using.join(" -> ")
                ),
            ));
        }
        let mut args = args.unwrap_or_default();
        for arg in &mut args {
            *arg = self.expand(std::mem::replace(arg, placeholder()))?;
        }
        let bound: BTreeMap<&str, &ExprNode> = definition
            .params
            .iter()
            .map(String::as_str)
            .zip(args.iter())
            .collect();
        let body = substitute(&definition.body, &bound, &mut self.nodes);
        self.using.push(name);
        let expanded = self.expand(body);
        self.using.pop();
        expanded
    }

    /// Expands the children of a node that is not a named condition.
    fn expand_inside(&mut self, node: ExprNode) -> Result<ExprNode, Diagnostic> {
        let span = node.span;
        let mut go = |n: ExprNode| self.expand(n);
        let expr = match node.expr {
            leaf @ (Expr::Number(_) | Expr::Str(_) | Expr::Path(_)) => leaf,
            Expr::List(items) => {
                Expr::List(items.into_iter().map(&mut go).collect::<Result<_, _>>()?)
            }
            Expr::Call(name, args) => Expr::Call(
                name,
                args.into_iter().map(&mut go).collect::<Result<_, _>>()?,
            ),
            Expr::Range(a, b) => Expr::Range(Box::new(go(*a)?), Box::new(go(*b)?)),
            Expr::Unary(op, a) => Expr::Unary(op, Box::new(go(*a)?)),
            Expr::Binary(op, a, b) => Expr::Binary(op, Box::new(go(*a)?), Box::new(go(*b)?)),
        };
        Ok(ExprNode { expr, span })
    }
}

fn placeholder() -> ExprNode {
    ExprNode {
        expr: Expr::Number(0),
        span: Span::new(1, 1, 1),
    }
}

/// The body of a definition with its parameters replaced by the arguments.
fn substitute(body: &ExprNode, bound: &BTreeMap<&str, &ExprNode>, nodes: &mut usize) -> ExprNode {
    *nodes += 1;
    let go = |n: &ExprNode, nodes: &mut usize| substitute(n, bound, nodes);
    let expr = match &body.expr {
        Expr::Path(path) if path.len() == 1 && bound.contains_key(path[0].as_str()) => {
            return bound[path[0].as_str()].clone();
        }
        leaf @ (Expr::Number(_) | Expr::Str(_) | Expr::Path(_)) => leaf.clone(),
        Expr::List(items) => Expr::List(items.iter().map(|i| go(i, nodes)).collect()),
        Expr::Call(name, args) => {
            Expr::Call(name.clone(), args.iter().map(|a| go(a, nodes)).collect())
        }
        Expr::Range(a, b) => Expr::Range(Box::new(go(a, nodes)), Box::new(go(b, nodes))),
        Expr::Unary(op, a) => Expr::Unary(*op, Box::new(go(a, nodes))),
        Expr::Binary(op, a, b) => Expr::Binary(*op, Box::new(go(a, nodes)), Box::new(go(b, nodes))),
    };
    ExprNode {
        expr,
        span: body.span,
    }
}

/// The depth of a tree, walked without recursion.
fn depth(node: &ExprNode) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(node, 1)];
    while let Some((node, level)) = stack.pop() {
        deepest = deepest.max(level);
        match &node.expr {
            Expr::Number(_) | Expr::Str(_) | Expr::Path(_) => {}
            Expr::List(items) | Expr::Call(_, items) => {
                stack.extend(items.iter().map(|i| (i, level + 1)));
            }
            Expr::Range(a, b) | Expr::Binary(_, a, b) => {
                stack.extend([(&**a, level + 1), (&**b, level + 1)]);
            }
            Expr::Unary(_, a) => stack.push((a, level + 1)),
        }
    }
    deepest
}

/// A condition's key: `name` or `name(P, Q)`; a name is lower-case letters,
/// digits and `_`, starting with a letter (`-` would read as a minus), and
/// a parameter a word of letters.
fn signature(key: &str) -> Result<(String, Vec<String>), String> {
    let (name, params) = match key.split_once('(') {
        Some((name, rest)) => {
            let inner = rest.strip_suffix(')').ok_or_else(|| {
                format!("`{key}`: the parameters of a named condition end with `)`")
            })?;
            let params: Vec<String> = inner.split(',').map(|p| p.trim().to_string()).collect();
            (name.trim(), params)
        }
        None => (key.trim(), Vec::new()),
    };
    let word = |w: &str| {
        w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    if !word(name) {
        return Err(format!("a named condition is a word of lower-case letters, digits and `_`, starting with a letter, not `{name}`"));
    }
    for (i, p) in params.iter().enumerate() {
        if p.is_empty() || !p.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(format!(
                "`{key}`: a parameter is a word of letters, not `{p}`"
            ));
        }
        if params[..i].contains(p) {
            return Err(format!("`{key}`: the parameter `{p}` is named twice"));
        }
    }
    Ok((name.to_string(), params))
}

/// `a`..`p` and squares such as `e4`: names of the square context.
fn is_square_or_file(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| ('a'..='p').contains(&c)) && chars.all(|c| c.is_ascii_digit())
}
